/**
 * Reference resolvers for the odds tests, written from the digests' rules directly (face by face,
 * in the dice order contract), independently of src/core/odds and src/core/pool.
 */
type Roll = (sides: number) => number;

/** Storytelling: successes (−1 for a dramatic failure). digest storytelling.md §6–§8, §14. */
export function storytellingRef(opts: {
  pool: number;
  again: 10 | 9 | 8 | "none";
  rote: boolean;
  scope: "initialDice" | "allFailedDice";
  chanceUsesAgain?: boolean;
}): (roll: Roll) => number {
  const againAt = opts.again === "none" ? 11 : opts.again;
  return (roll) => {
    if (opts.pool <= 0) {
      const explodeAt = opts.again === "none" ? 11 : opts.chanceUsesAgain ? againAt : 10;
      const first = roll(10);
      if (first === 1) return -1; // dramatic failure, never re-rolled
      const chain = (start: number): number[] => {
        const dice = [start];
        while (dice[dice.length - 1] >= explodeAt) dice.push(roll(10));
        return dice;
      };
      let dice: number[];
      if (opts.rote && opts.scope === "initialDice") {
        dice = first === 10 || first >= explodeAt ? chain(first) : chain(roll(10));
      } else {
        dice = chain(first);
        if (opts.rote && dice[dice.length - 1] !== 10) dice.push(...chain(roll(10)));
      }
      return dice.filter((d) => d === 10).length;
    }
    const initial: number[] = [];
    for (let i = 0; i < opts.pool; i++) initial.push(roll(10));
    let dice: number[];
    if (opts.rote && opts.scope === "initialDice") {
      dice = initial.map((d) => (d < 8 ? -1 : d)); // placeholder for a re-roll, in order
      for (let i = 0; i < dice.length; i++) if (dice[i] === -1) dice[i] = roll(10);
      for (let i = 0; i < dice.length; i++) if (dice[i] >= againAt) dice.push(roll(10));
    } else {
      dice = initial.slice();
      for (let i = 0; i < dice.length; i++) if (dice[i] >= againAt) dice.push(roll(10));
      if (opts.rote) {
        const rerolls = dice.filter((d) => d < 8).map(() => roll(10));
        for (let i = 0; i < rerolls.length; i++) if (rerolls[i] >= againAt) rerolls.push(roll(10));
        dice = dice.filter((d) => d >= 8).concat(rerolls);
      }
    }
    return dice.filter((d) => d >= 8).length;
  };
}

/** D6 total and complication flag: regular dice, then the Wild Die's rolls, then each CP die's rolls. */
export function d6Ref(opts: {
  dice: number;
  pips: number;
  wild: boolean;
  wildOne: "removeHighest" | "complication" | "normal";
  cp: number;
}): (roll: Roll) => string {
  return (roll) => {
    const regularCount = opts.wild && opts.dice > 0 ? opts.dice - 1 : opts.dice;
    const regular: number[] = [];
    for (let i = 0; i < regularCount; i++) regular.push(roll(6));
    let total = regular.reduce((a, b) => a + b, 0);
    let complication = false;
    if (opts.wild && opts.dice > 0) {
      const first = roll(6);
      let wildTotal = first;
      let last = first;
      while (last === 6) {
        last = roll(6);
        wildTotal += last;
      }
      if (first === 1 && opts.wildOne !== "normal") complication = true;
      if (first === 1 && opts.wildOne === "removeHighest") {
        wildTotal = 0;
        if (regular.length > 0) total -= Math.max(...regular);
      }
      total += wildTotal;
    }
    for (let c = 0; c < opts.cp; c++) {
      let last = roll(6);
      total += last;
      while (last === 6) {
        last = roll(6);
        total += last;
      }
    }
    return `${total + opts.pips}|${complication}`;
  };
}

/** Silhouette result (before modifiers) and fumble flag; digest silhouette.md §13. */
export function silhouetteRef(opts: { dice: number; sixMode: "silhouettePlusOne" | "rerollAndAdd" }): (roll: Roll) => string {
  return (roll) => {
    if (opts.dice <= 0) {
      const a = roll(6);
      const b = roll(6);
      const low = Math.min(a, b);
      return `${low}|${low === 1}`;
    }
    const faces: number[] = [];
    for (let i = 0; i < opts.dice; i++) faces.push(roll(6));
    let result: number;
    if (opts.sixMode === "silhouettePlusOne") {
      const sixes = faces.filter((f) => f === 6).length;
      result = Math.max(...faces) + Math.max(0, sixes - 1);
    } else {
      // Each die re-rolls its sixes and adds (its explosions follow all initial dice).
      const totals = faces.slice();
      for (let i = 0; i < faces.length; i++) {
        let last = faces[i];
        while (last === 6) {
          last = roll(6);
          totals[i] += last;
        }
      }
      result = Math.max(...totals);
    }
    return `${result}|${faces.every((f) => f === 1)}`;
  };
}

/** WFRP test from the digest's §2 text (not its §4 code): "success|SL|outcome|critical|fumble". */
export function wfrpRef(
  target: number,
  opts: {
    autoSuccessMax?: number;
    autoFailMin?: number;
    fastSL?: boolean;
    over100?: boolean;
    allCrits?: boolean;
    literalMax?: boolean;
  } = {},
): (roll: Roll) => string {
  const lowAuto = opts.autoSuccessMax ?? 5;
  const highAuto = opts.autoFailMin ?? 96;
  return (roll) => {
    const r = roll(100);
    const tensOf = (x: number) => Math.floor(x / 10); // true floor: tens(−5) = −1, tens(100) = 10
    const success = r >= highAuto ? false : r <= lowAuto ? true : r <= target;
    let sl = tensOf(target) - tensOf(r);
    if (success) {
      if (opts.fastSL) sl = tensOf(r);
      if (r <= lowAuto && sl < 1) sl = 1;
      if (opts.over100 && target > 100) sl += Math.floor((target - 100) / 10);
    } else if (r >= highAuto) {
      sl = opts.literalMax ? Math.max(sl, -1) : Math.min(sl, -1);
    }
    const double = r === 100 || (r < 100 && r >= 11 && Math.floor(r / 10) === r % 10);
    let band: string;
    const m = Math.abs(sl);
    if (success) band = sl < 0 || m <= 1 ? "marginal_success" : m <= 3 ? "success" : m <= 5 ? "impressive_success" : "astounding_success";
    else band = sl > 0 || m <= 1 ? "marginal_failure" : m <= 3 ? "failure" : m <= 5 ? "impressive_failure" : "astounding_failure";
    if (opts.allCrits && double) band = success ? "astounding_success" : "astounding_failure";
    return `${success}|${sl === 0 ? 0 : sl}|${band}|${double && success}|${double && !success}`;
  };
}
