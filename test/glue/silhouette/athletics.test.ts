// @vitest-environment happy-dom
// Athletics from the sheet (digest §7-9; seed 004:L45-66): jumps (E34, E35), climbing with the grip
// tracked between rounds (E20-E24 and falling off), falls (E27, E28, E30-E33) and their damage
// applied as a wound through the card's action (once, through the GM when needed).
import { beforeEach, describe, expect, it } from "vitest";
import { lastMessage, makeActor, setUp, type ActorDoc, type Harness } from "./harness";
import { recordOf } from "../../../src/foundry/chat/record";

let h: Harness;
beforeEach(async () => {
  h = await setUp();
});

async function athletics(
  actor: ActorDoc,
  kind: "jump" | "climb" | "fall",
  values: Record<string, number | string | boolean>,
  faces: number[],
) {
  const request = (await h.checks.silhouetteChecks.build({ actor: actor as never, kind, dataset: {}, targets: [] }))!;
  h.faces = [...faces];
  await h.checks.silhouetteChecks.roll(request, { ...request.values, ...values }, { rollMode: "publicroll" });
  expect(h.faces).toEqual([]);
  const data = h.stand.recorded.messagesCreated.at(-1)!.data;
  return { request, state: (data.flags as any).omnibus.silhouette, content: String(data.content), rolls: data.rolls as unknown[] };
}

describe("jumping (004:L66)", () => {
  it("E34: Athletics 2 dice [4,2] → 4, FIT +1, sprinting +3, firm → 8 vs 3: MoS 5 → long 3.75 m, high 1.25 m", async () => {
    const actor = makeActor(h, {
      id: "j1",
      name: "Jumper",
      owner: true,
      attributes: { fit: 1 },
      skills: [["Athletics", "athletics", 2, "fit"]],
    });
    const { request, state, content } = await athletics(actor, "jump", { movement: "sprinting" }, [4, 2]);
    // The jump adds FIT itself, not the skill's attribute again (§16.19): total 4 + 1 + 3 = 8.
    expect(request.fields.map((f) => f.name)).toEqual(["dice", "movement", "surface", "modifier"]);
    expect(state.athletics).toMatchObject({
      kind: "jump",
      total: 8,
      difficulty: 3,
      margin: 5,
      success: true,
      longMetres: 3.75,
      highMetres: 1.25,
    });
    expect(content).toContain("Long jump 3.75 m, or high jump 1.25 m.");
    // The dialog's odds: 2 dice + 4 ≥ 3 always, except the mishap (both dice 1), which fails (004:L45, L112): 35/36.
    expect(h.checks.silhouetteChecks.odds!(request, { ...request.values, movement: "sprinting" })[0].probability).toBeCloseTo(35 / 36, 12);
  });

  it("E35: the same total on a slippery run-up (+6) fails (MoS −1); loose ground (+3) → MoS 2 → 1.5 m / 0.5 m", async () => {
    const actor = makeActor(h, {
      id: "j2",
      name: "Jumper",
      owner: true,
      attributes: { fit: 1 },
      skills: [["Athletics", "athletics", 2, "none"]],
    });
    expect((await athletics(actor, "jump", { movement: "sprinting", surface: "slippery" }, [4, 2])).state.athletics).toMatchObject({
      difficulty: 9,
      margin: -1,
      success: false,
    });
    expect((await athletics(actor, "jump", { movement: "sprinting", surface: "loose" }, [4, 2])).state.athletics).toMatchObject({
      difficulty: 6,
      margin: 2,
      longMetres: 1.5,
      highMetres: 0.5,
    });
  });
});

describe("climbing (004:L45-61)", () => {
  // Athletics 1, FIT 0: sprint 30, walk 10 m/round (E9).
  const climber = (level = 1) =>
    makeActor(h, { id: `c${level}`, name: "Climber", owner: true, skills: [["Athletics", "athletics", level, "none"]] });

  it("E20: walk 10; a success with a Standard action climbs 2.5 m, with the whole round 5 m; E21: accelerated, one success of two at −2 → 5 m", async () => {
    const actor = climber();
    expect((await athletics(actor, "climb", { surface: "manyHolds" }, [5])).state.athletics).toMatchObject({ difficulty: 4, metres: 2.5 });
    expect((await athletics(actor, "climb", { surface: "manyHolds", effort: "round" }, [5])).state.athletics).toMatchObject({ metres: 5 });
    const accelerated = await athletics(actor, "climb", { surface: "steepSlope", effort: "accelerated" }, [5, 3]);
    expect(accelerated.state.athletics.tests.map((t: any) => [t.total, t.success])).toEqual([
      [3, true],
      [1, false],
    ]);
    expect(accelerated.state.athletics.metres).toBe(5);
    expect(accelerated.rolls).toHaveLength(2);
  });

  it("E24/E26: a brick wall (7) with anchors → 5; natural rock wet → 9; chimneying between brick walls → 5", async () => {
    const actor = climber();
    expect((await athletics(actor, "climb", { surface: "naturalRock", anchors: true }, [5])).state.athletics.difficulty).toBe(5);
    // 5 against 9 misses by 4 and its best (6) cannot reach 9: it falls and tries to catch itself (9 + 5 = 14) with one more die.
    expect((await athletics(actor, "climb", { surface: "naturalRock", wet: true }, [5, 3])).state.athletics.difficulty).toBe(9);
    expect((await athletics(actor, "climb", { surface: "naturalRock", chimney: true }, [5])).state.athletics.difficulty).toBe(5);
  });

  it("E22/E23: missing by 4 starts losing grip (kept on the actor, status on); recovery tests fail, fail, succeed → −1, −2, then −1 left", async () => {
    const actor = climber(2);
    const lost = await athletics(actor, "climb", { surface: "naturalRock" }, [3, 2]);
    expect(lost.state.athletics).toMatchObject({ metres: 0, falls: false, grip: { losingGrip: true, penalty: 0 } });
    expect(actor.getFlag("omnibus", "silhouetteGrip")).toEqual({ losingGrip: true, penalty: 0 });
    expect(actor.statusToggles.at(-1)).toEqual({ id: "losingGrip", active: true });
    expect(lost.content).toContain("Losing grip!");
    const penalties: number[] = [];
    for (const faces of [
      [2, 1],
      [3, 1],
      [6, 5],
    ]) {
      const r = await athletics(actor, "climb", { surface: "manyHolds" }, faces);
      expect(r.state.athletics.recovery).toBe(true);
      penalties.push(r.state.athletics.grip.penalty);
      expect(r.state.athletics.metres).toBe(0);
    }
    expect(penalties).toEqual([-1, -2, -1]);
    // The third recovery test rolled [6,5] → 6 with the −2 then in force → 4 vs 4.
    expect(actor.getFlag("omnibus", "silhouetteGrip")).toEqual({ losingGrip: true, penalty: -1 });
    const request = (await h.checks.silhouetteChecks.build({ actor: actor as never, kind: "climb", dataset: {}, targets: [] }))!;
    // The stand-in game.i18n answers with the key and its data.
    expect(request.subtitle).toContain("OMNIBUS.Silhouette.Climb.Recovery");
    expect(request.subtitle).toContain('"penalty":"-1"');
  });

  it("when the test can no longer succeed the climber falls: Athletics 2 (best 7) losing grip on a smooth wall (12); the grip resets", async () => {
    const actor = climber(2);
    // Falling, it tries to catch itself (004:L50): 12 + 5 = 17, beyond its best of 7 — [6,6] → 7, it falls.
    const r = await athletics(actor, "climb", { surface: "smoothWall" }, [3, 2, 6, 6]);
    expect(r.state.athletics).toMatchObject({
      falls: true,
      grip: { losingGrip: true },
      caughtFall: { difficulty: 17, total: 7, success: false },
    });
    expect(r.content).toContain("Loses grip and falls!");
    expect(r.content).toContain("Cannot catch hold: falls");
    expect(actor.getFlag("omnibus", "silhouetteGrip")).toEqual({ losingGrip: false, penalty: 0 });
  });
});

describe('"catch yourself if you can!" (004:L50)', () => {
  it("untrained on a steep slope (2), losing grip at −4: a failed recovery makes −5 and it falls; catching needs 2 + 2 = 4 — [5,6] keeps 5 and the fall stops, grip firm", async () => {
    const actor = makeActor(h, { id: "cs", name: "Scrambler", owner: true });
    await actor.setFlag("omnibus", "silhouetteGrip", { losingGrip: true, penalty: -4 });
    const r = await athletics(actor, "climb", { surface: "steepSlope" }, [2, 3, 5, 6]);
    expect(r.state.athletics).toMatchObject({
      falls: true,
      caughtFall: { difficulty: 4, total: 5, success: true },
      grip: { losingGrip: false, penalty: 0 },
    });
    expect(r.content).toContain("Catches hold: the fall stops");
    expect(actor.getFlag("omnibus", "silhouetteGrip")).toEqual({ losingGrip: false, penalty: 0 });
  });
});

describe("falling (004:L62-65)", () => {
  let actor: ActorDoc;
  beforeEach(() => {
    actor = makeActor(h, { id: "f1", name: "Faller", owner: true, skills: [["Athletics", "athletics", 1, "none"]] });
  });

  it("E27: 3 m onto earth [2,5,3] → 5 × 3 = 15; [6,6,2] → 7 × 3 = 21; E28 on the Moon 15 × 0.167 = 2.505", async () => {
    expect((await athletics(actor, "fall", { height: 3 }, [2, 5, 3])).state.athletics).toMatchObject({ effectiveHeight: 3, damage: 15 });
    expect((await athletics(actor, "fall", { height: 3 }, [6, 6, 2])).state.athletics.damage).toBe(21);
    expect((await athletics(actor, "fall", { height: 3, gravity: 0.167 }, [2, 5, 3])).state.athletics.damage).toBeCloseTo(2.505, 9);
  });

  it("E30: 2 m head-first [4,1] → 4 × 2 + 10 = 18; E33: 3 m onto concrete → 6 dice × 6 m", async () => {
    expect((await athletics(actor, "fall", { height: 2, headFirst: true }, [4, 1])).state.athletics).toMatchObject({
      headFirst: true,
      damage: 18,
    });
    expect((await athletics(actor, "fall", { height: 3, surface: "hard" }, [1, 2, 3, 4, 5, 6])).state.athletics).toMatchObject({
      effectiveHeight: 6,
      damage: 36,
    });
  });

  it("E31: 5 m, softened by Athletics [3] → 2 m → 2 dice [4,2] × 2 = 8; E32: a softening mishap [1] lands on the head: 4 m, [2,2,2,2] → 8 + 10 = 18; a total of 5 or more is harmless", async () => {
    const soft = await athletics(actor, "fall", { height: 5, soften: true }, [3, 4, 2]);
    expect(soft.state.athletics).toMatchObject({ effectiveHeight: 2, damage: 8, softening: { total: 3 } });
    expect(soft.rolls).toHaveLength(2);
    expect((await athletics(actor, "fall", { height: 5, soften: true }, [1, 2, 2, 2, 2])).state.athletics).toMatchObject({
      effectiveHeight: 4,
      headFirst: true,
      damage: 18,
    });
    const harmless = await athletics(actor, "fall", { height: 5, soften: true, modifier: 0 }, [6]);
    expect(harmless.state.athletics).toMatchObject({ effectiveHeight: 0, damage: 0, damageRoll: null });
    expect(harmless.content).toContain("A harmless landing");
    expect(harmless.content).not.toContain('data-action="applyFall"');
  });

  it("the fall's damage becomes a wound through the card: 15 against Stamina 25 (light 13) → a Light wound, once; a player who does not own the faller may not", async () => {
    await athletics(actor, "fall", { height: 3 }, [2, 5, 3]);
    const message = lastMessage(h);
    expect(String(message.content)).toContain('data-action="applyFall"');
    expect(await h.actions.requestChatAction(message as never, "applyFall", null)).toBe(true);
    expect(actor.updates).toEqual([{ "system.wounds.light": 1, "system.wounds.heavy": 0, "system.wounds.dead": false }]);
    expect(actor.statusToggles).toContainEqual({ id: "lightWound", active: true });
    expect(message.flags.omnibus.silhouette.athletics.applied).toEqual({ wound: "light", damage: 15 });
    expect(await h.actions.requestChatAction(message as never, "applyFall", null)).toBe(false);
    expect(actor.updates).toHaveLength(1);

    const other = makeActor(h, { id: "f2", name: "NPC", owner: false, skills: [["Athletics", "athletics", 1, "none"]] });
    h.stand.setUser("gm");
    await athletics(other, "fall", { height: 3 }, [2, 5, 3]);
    const npcMessage = lastMessage(h);
    h.stand.setUser("player");
    expect(await h.actions.requestChatAction(npcMessage as never, "applyFall", null)).toBe(false);
    expect(other.updates).toEqual([]);
  });

  it("bad input is refused and rolls nothing: a negative height, an unknown surface", async () => {
    const request = (await h.checks.silhouetteChecks.build({ actor: actor as never, kind: "fall", dataset: {}, targets: [] }))!;
    h.faces = [3, 3, 3];
    await expect(h.checks.silhouetteChecks.roll(request, { ...request.values, height: -1 }, { rollMode: "publicroll" })).rejects.toThrow(
      /height/,
    );
    expect(() => h.checks.silhouetteChecks.odds!(request, { ...request.values, surface: "lava" })).toThrow(/surface/);
    expect(h.faces).toEqual([3, 3, 3]);
    expect(h.stand.recorded.messagesCreated).toHaveLength(0);
  });
});

describe("the active GM re-derives a player's athletics card before anything on it applies (issue 10)", () => {
  /** The player rolls honestly, then posts a copy of that card (same Rolls) with `change` made to its flags. */
  async function forge(
    actor: ActorDoc,
    kind: "jump" | "climb" | "fall",
    values: Record<string, number | string | boolean>,
    faces: number[],
    change: (flags: Record<string, any>, data: Record<string, any>) => void,
  ) {
    await athletics(actor, kind, values, faces);
    const honest = h.stand.recorded.messagesCreated.at(-1)!.data as Record<string, any>;
    const data = { ...honest, flags: structuredClone(honest.flags) as Record<string, any> };
    change(data.flags.omnibus, data);
    const Message = (globalThis as Record<string, any>).ChatMessage;
    await h.stand.asUser("player", () => Message.create(data));
    return lastMessage(h);
  }
  const notices = () => h.stand.recorded.notifications.map((n) => String(n.message));
  const jumper = () =>
    makeActor(h, { id: "rj", name: "Jumper", owner: true, attributes: { fit: 1 }, skills: [["Athletics", "athletics", 2, "fit"]] });
  const climber = () => makeActor(h, { id: "rc", name: "Climber", owner: true, skills: [["Athletics", "athletics", 1, "none"]] });
  const faller = () => makeActor(h, { id: "rf", name: "Faller", owner: true, skills: [["Athletics", "athletics", 1, "none"]] });

  it("the honest cards carry their origin and hold; a climb's grip is moved by the GM, once, from the dice", async () => {
    const j = await forge(jumper(), "jump", { movement: "sprinting" }, [4, 2], () => undefined);
    expect(j.flags.omnibus.origin).toMatchObject({ kind: "jump", actorUuid: "Actor.rj" });
    expect(recordOf(j.id)!.tampered).toBeNull();
    const actor = makeActor(h, { id: "rg", name: "Climber", owner: true, skills: [["Athletics", "athletics", 2, "none"]] });
    // Natural rock (7): [3,2] → 3, missed by 4: the grip starts to go (004:L45).
    await athletics(actor, "climb", { surface: "naturalRock" }, [3, 2]);
    expect(recordOf(lastMessage(h).id)!.tampered).toBeNull();
    const gripWrites = actor.updates.filter((u) => "flags.omnibus.silhouetteGrip" in u);
    expect(gripWrites).toEqual([{ "flags.omnibus.silhouetteGrip": { losingGrip: true, penalty: 0 } }]);
    expect(actor.updaters.at(-1)).toBe("gm");
    expect(actor.statusToggles).toEqual([{ id: "losingGrip", active: true }]);
    expect(actor.getFlag("omnibus", "silhouetteGrip")).toEqual({ losingGrip: true, penalty: 0 });
  });

  const cases: Array<[string, () => ActorDoc, "jump" | "climb" | "fall", Record<string, any>, number[], (f: any, d: any) => void, string]> =
    [
      [
        "a jump's long jump raised from 3.75 to 9 m",
        jumper,
        "jump",
        { movement: "sprinting" },
        [4, 2],
        (f) => (f.silhouette.athletics.longMetres = 9),
        "Result",
      ],
      [
        "a jump's total raised from 8 to 12",
        jumper,
        "jump",
        { movement: "sprinting" },
        [4, 2],
        (f) => (f.silhouette.roll.total = 12),
        "Result",
      ],
      [
        "a jump claimed sprinting (+3) when its choices say standing",
        jumper,
        "jump",
        { movement: "sprinting" },
        [4, 2],
        (f) => (f.origin.choices.movement = "stationary"),
        "Result",
      ],
      [
        "a jump's pool said to be 3 dice for its 2 faces",
        jumper,
        "jump",
        { movement: "sprinting" },
        [4, 2],
        (f) => (f.origin.choices.dice = "3"),
        "Dice",
      ],
      [
        "a jump with one Roll more than it rolls",
        jumper,
        "jump",
        { movement: "sprinting" },
        [4, 2],
        (_f, d) => (d.rolls = [...d.rolls, d.rolls[0]]),
        "Dice",
      ],
      [
        "a climb's distance raised from 2.5 to 10 m",
        climber,
        "climb",
        { surface: "manyHolds" },
        [5],
        (f) => (f.silhouette.athletics.metres = 10),
        "Result",
      ],
      [
        "a climb's surface said to be a steep slope (2) for a wall with many holds (4)",
        climber,
        "climb",
        { surface: "manyHolds" },
        [2],
        (f) => (f.origin.choices.surface = "steepSlope"),
        "Result",
      ],
      [
        "a fall's damage lowered from 15 to 3",
        faller,
        "fall",
        { height: 3 },
        [2, 5, 3],
        (f) => (f.silhouette.athletics.damage = 3),
        "Result",
      ],
      [
        "a fall's height said to be 1 m for its 3 damage dice",
        faller,
        "fall",
        { height: 3 },
        [2, 5, 3],
        (f) => (f.origin.choices.height = "1"),
        "Dice",
      ],
      [
        "a fall said to be the NPC's, whom the player does not own",
        faller,
        "fall",
        { height: 3 },
        [2, 5, 3],
        (f) => (f.origin.actorUuid = "Actor.npc"),
        "NotOwner",
      ],
      ["a fall card without its origin", faller, "fall", { height: 3 }, [2, 5, 3], (f) => delete f.origin, "NoOrigin"],
    ];
  for (const [what, who, kind, values, faces, change, reason] of cases) {
    it(`${what} → refused (${reason}), nothing applies`, async () => {
      makeActor(h, { id: "npc", name: "NPC", owner: false });
      const actor = who();
      const forged = await forge(actor, kind, values, faces, change);
      expect(recordOf(forged.id)!.tampered).toMatchObject({ by: "player", forged: reason });
      // The honest card before it moved no grip either way here; the forged one moves nothing.
      const before = actor.updates.length;
      if (kind === "fall") {
        expect(await h.actions.requestChatAction(forged as never, "applyFall", null)).toBe(false);
        expect(notices().some((m) => m.startsWith(`OMNIBUS.Chat.Forged.${reason}`))).toBe(true);
      }
      expect(actor.updates).toHaveLength(before);
      expect(actor.updates.filter((u) => "flags.omnibus.silhouetteGrip" in u)).toHaveLength(kind === "climb" ? 1 : 0);
      expect(recordOf(forged.id)!.amendments).toEqual([]);
    });
  }

  it("a climb card posted again (a replay) no longer holds: the grip it started from has moved; the grip moves once", async () => {
    const actor = makeActor(h, { id: "rh", name: "Climber", owner: true, skills: [["Athletics", "athletics", 2, "none"]] });
    // Natural rock (7), [3,2] → 3: missed by 4, the grip starts to go. Read again as the recovery test it would now
    // be, the same miss makes the climber fall, and the card has no Roll for the catch (004:L45, L50).
    const replay = await forge(actor, "climb", { surface: "naturalRock" }, [3, 2], () => undefined);
    expect(recordOf(replay.id)!.tampered).toMatchObject({ forged: "Dice" });
    expect(actor.updates.filter((u) => "flags.omnibus.silhouetteGrip" in u)).toHaveLength(1);
    expect(actor.statusToggles).toEqual([{ id: "losingGrip", active: true }]);
  });

  it("a climb claiming a firm grip where its dice lose it → refused (Result); the grip stays firm", async () => {
    const actor = makeActor(h, { id: "ri", name: "Climber", owner: true, skills: [["Athletics", "athletics", 2, "none"]] });
    // The honest roll on a wall with many holds (4): [5,1] → 5, firm; the copy claims [5,1] on natural rock (7) kept a firm grip.
    const forged = await forge(actor, "climb", { surface: "manyHolds" }, [5, 1], (f) => {
      f.origin.choices.surface = "naturalRock";
      f.silhouette.athletics.difficulty = 7;
    });
    expect(recordOf(forged.id)!.tampered).toMatchObject({ forged: "Result" });
    expect(actor.updates.filter((u) => "flags.omnibus.silhouetteGrip" in u)).toEqual([
      { "flags.omnibus.silhouetteGrip": { losingGrip: false, penalty: 0 } },
    ]);
    expect(actor.statusToggles).toEqual([{ id: "losingGrip", active: false }]);
  });

  it("E28: a fall of 2.5 m on the Moon (0.167 g) holds with its fractional height and gravity, and its damage applies", async () => {
    const actor = faller();
    // 2.5 m onto earth: a die per metre, 2.5 rounded to 3 dice; [2,5,3] → 5 × 2.5 × 0.167 = 2.0875 → 2 points, no wound.
    const { state } = await athletics(actor, "fall", { height: 2.5, gravity: 0.167 }, [2, 5, 3]);
    const message = lastMessage(h);
    expect(message.flags.omnibus.origin.choices).toMatchObject({ height: "2.5", gravity: "0.167" });
    expect(recordOf(message.id)!.tampered).toBeNull();
    expect(state.athletics.damage).toBeCloseTo(2.088, 9);
    expect(await h.actions.requestChatAction(message as never, "applyFall", null)).toBe(true);
    expect(message.flags.omnibus.silhouette.athletics.applied).toEqual({ wound: "none", damage: 2 });
  });

  it("an honest fall applies the damage its dice give, once; asked again, or after the player edits the card, it applies nothing", async () => {
    const actor = faller();
    await athletics(actor, "fall", { height: 3 }, [2, 5, 3]);
    const message = lastMessage(h);
    expect(recordOf(message.id)!.tampered).toBeNull();
    expect(message.flags.omnibus.origin).toMatchObject({ kind: "fall", choices: { height: "3" } });
    expect(await h.actions.requestChatAction(message as never, "applyFall", null)).toBe(true);
    expect(await h.actions.requestChatAction(message as never, "applyFall", null)).toBe(false);
    expect(actor.updates).toEqual([{ "system.wounds.light": 1, "system.wounds.heavy": 0, "system.wounds.dead": false }]);

    await athletics(actor, "fall", { height: 3 }, [2, 5, 3]);
    const edited = lastMessage(h);
    await edited.update({ "flags.omnibus.silhouette.athletics.damage": 3 });
    expect(await h.actions.requestChatAction(edited as never, "applyFall", null)).toBe(false);
    expect(notices()).toContain("OMNIBUS.Chat.Tampered");
    expect(actor.updates).toHaveLength(1);
  });
});
