/**
 * Brute force for the odds tests: runs a resolver on every sequence of faces it can consume, with
 * each sequence's probability. A resolver asks for faces with `roll(sides)`; when it asks beyond the
 * current prefix, the enumeration branches on every face of that die. Sequences (and their whole
 * subtrees) whose probability falls below `cut` are abandoned; their total is `cutMass`, so every
 * enumerated outcome's probability is a lower bound that is short by at most `cutMass`.
 */
class NeedFace {
  constructor(readonly sides: number) {}
}

export interface Enumeration<K> {
  probs: Map<K, number>;
  cutMass: number;
  leaves: number;
}

export function enumerate<K>(resolve: (roll: (sides: number) => number) => K, cut = 0): Enumeration<K> {
  const probs = new Map<K, number>();
  let cutMass = 0;
  let leaves = 0;
  const prefix: number[] = [];
  const visit = (p: number): void => {
    let i = 0;
    let need: NeedFace | null = null;
    let outcome: K | undefined;
    try {
      outcome = resolve((sides) => {
        if (i < prefix.length) return prefix[i++];
        throw new NeedFace(sides);
      });
    } catch (e) {
      if (!(e instanceof NeedFace)) throw e;
      need = e;
    }
    if (need === null) {
      leaves++;
      probs.set(outcome as K, (probs.get(outcome as K) ?? 0) + p);
      return;
    }
    const q = p / need.sides;
    if (q < cut) {
      cutMass += p;
      return;
    }
    for (let f = 1; f <= need.sides; f++) {
      prefix.push(f);
      visit(q);
      prefix.pop();
    }
  };
  visit(1);
  return { probs, cutMass, leaves };
}
