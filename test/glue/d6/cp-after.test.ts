// @vitest-environment happy-dom
// Character Points after the roll (000:L795; the example 000:L801–805: Thannik's Perception 3D
// rolls 1, 2 and Wild 2 = 5, one CP rolls 6 then 4 → 15; he may not spend another after he is
// done). The cap counts the CP spent in the dialog (000:L809: two on a skill or attribute roll);
// none in a Force Point round (000:L797, L835).
import { beforeEach, describe, expect, it } from "vitest";
import { packDoc } from "./fixtures";
import { actorDoc, forceFaces, lastCard, setUpTable, type Table } from "./table";
import { runCli } from "../../support/cli";
import { sceneToken } from "../../support/scene-tokens";

let t: Table;
beforeEach(async () => {
  t = await setUpTable();
});

const lastMessage = () => t.stand.messages[t.stand.messages.length - 1] as any;
const record = (id: string) => (globalThis as any).game.settings.get("omnibus", "cardRecords")[id];

async function perception(values: Record<string, unknown>, faces: number[]) {
  const actor = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
  (actor as any).testUserPermission = () => true;
  const request = await t.checks.d6Checks.build({
    actor: actor as never,
    kind: "attribute",
    dataset: { attribute: "perception" },
    targets: [],
  });
  forceFaces(faces);
  await t.checks.d6Checks.roll(request!, { ...request!.values, difficultyLevel: "moderate", ...values }, { rollMode: "publicroll" });
  return { actor, message: lastMessage(), card: lastCard(t.stand) };
}

describe("spending a Character Point after the roll", () => {
  it("000:L801–805: 1, 2, Wild 2 = 5 fails Moderate 13; one CP after the roll rolls 6 then 4 → 15, a success; the point is spent; a second spend is refused", async () => {
    const { actor, message, card } = await perception({}, [1, 2, 2]);
    expect(card.total).toBe(5);
    expect(card.outcome.tone).toBe("failure");
    expect(card.buttons.map((b: any) => b.action)).toContain("d6SpendCPAfter");
    const before = Number((actor as any).system.characterPoints);
    (globalThis as any).__dialogAnswer = "1";
    forceFaces([6, 4]);
    t.stand.setUser("player");
    expect(await t.actions.requestChatAction(message as never, "d6SpendCPAfter", null)).toBe(true);
    await t.stand.settle();
    // The dialog offered 2 (the attribute roll's cap, 000:L809; Thannik has more points than that).
    expect((t.stand.recorded.dialogs.at(-1)!.buttons as unknown[]).length).toBe(2);
    expect(actor.updates).toEqual([{ "system.characterPoints": before - 1 }]);
    expect(record(message.id).state.d6.cpAfter.used).toMatchObject({
      count: 1,
      added: 10,
      total: 15,
      outcomes: [{ difficulty: 13, success: true }],
    });
    expect(lastCard(t.stand).total).toBe(15);
    // The CLI answers the same from the request the card recorded (issue 12: `omnibus d6 check cp-after`).
    const entry = record(message.id).state.d6.cpAfter;
    const request = {
      total: entry.total,
      spent: entry.spent,
      kind: entry.kind,
      count: 1,
      characterPoints: before,
      difficulties: [entry.difficulty],
    };
    const cli = JSON.parse(runCli("d6", "check", "cp-after", "--request", JSON.stringify(request), "--faces", "6,4", "--json").out);
    expect({
      total: cli.total,
      added: cli.added,
      outcomes: cli.outcomes.map((o: any) => ({ difficulty: o.difficulty, success: o.success })),
    }).toEqual({ total: entry.used.total, added: entry.used.added, outcomes: entry.used.outcomes });
    expect(cli.changes).toEqual([{ path: "system.characterPoints", value: actor.updates[0]["system.characterPoints"] }]);
    // "He is stuck with 15" (000:L805): once per card.
    expect(await t.actions.requestChatAction(message as never, "d6SpendCPAfter", null)).toBe(true);
    expect(actor.updates).toHaveLength(1);
    expect(t.stand.recorded.notifications.at(-1)!.message).toContain("OMNIBUS.D6.CPAfter.AlreadySpent");
  });

  it("two CP already spent on an attribute roll reach its cap of 2 (000:L809): no button; a Force Point roll has none either (000:L835)", async () => {
    const capped = await perception({ characterPoints: 2 }, [1, 2, 2, 3, 3]);
    expect(capped.card.buttons.map((b: any) => b.action)).not.toContain("d6SpendCPAfter");
    expect(capped.message.flags.omnibus.d6.cpAfter).toBeUndefined();
    const fp = await perception({ forcePoint: true }, [1, 1, 1, 1, 1, 2]);
    expect(fp.card.buttons.map((b: any) => b.action)).not.toContain("d6SpendCPAfter");
  });

  it("the GM refuses: a Force Point spent since, no points left, a forged response (too many dice, a d8, a stranger)", async () => {
    const { actor, message } = await perception({}, [1, 2, 2]);
    const roll = (faces: number[], sides = 6) => ({
      dice: faces.map((f) => ({ faces: sides, results: [{ result: f }] })),
      toJSON: () => ({}),
    });
    const forge = (user: string, rolls: unknown[], count: string) =>
      t.stand.asUser(user, () =>
        (globalThis as any).ChatMessage.create({
          content: "",
          rolls,
          flags: { omnibus: { ruleset: "d6", response: { to: message.id, action: "d6CPAfter", target: null, choices: { count } } } },
        }),
      );
    t.stand.makeUser("stranger", false);
    (actor as any).testUserPermission = (user: { id: string }) => user.id !== "stranger";
    await forge("player", [roll([5, 5])], "1");
    await forge("player", [roll([5], 8)], "1");
    await forge("player", [roll([5, 5, 5])], "3");
    await forge("stranger", [roll([5])], "1");
    (actor as any).system.round = { ...((actor as any).system.round ?? {}), forcePoint: true };
    await forge("player", [roll([5])], "1");
    (actor as any).system.round.forcePoint = false;
    (actor as any).system.characterPoints = 0;
    await forge("player", [roll([5])], "1");
    await t.stand.settle();
    expect(actor.updates).toEqual([]);
    expect(record(message.id).state.d6.cpAfter.used).toBeUndefined();
    const log = (globalThis as any).game.settings.get("omnibus", "cardLog").map((e: any) => e.kind);
    expect(log).toEqual(["refused", "refused", "refused", "refused", "refused", "refused"]);
  });
});

describe("an attack re-resolved against every target (000:L795)", () => {
  const grid = {
    units: "m",
    measurePath: ([a, b]: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }),
  };
  const token = (name: string, actorUuid: string, x: number) => sceneToken(t.stand, name, actorUuid, x);

  it("17 hits the target at Moderate 13 and misses the one who dodged 27; one CP rolling 6 then 4 makes 27: both are hit, the far one still cannot be", async () => {
    const { describeTargets } = await import("../../../src/foundry/targets");
    const shooter = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    (shooter as any).testUserPermission = () => true;
    actorDoc(t.stand, packDoc("d6-characters", "Thug"), "Actor.leader", false);
    const dodger = actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), "Actor.dodger", false);
    (dodger as any).system.round.dodge = 27;
    actorDoc(t.stand, packDoc("d6-characters", "Thug"), "Actor.far", false);
    const targets = describeTargets(
      grid,
      token("thannik", "Actor.thannik", 0) as never,
      [token("leader", "Actor.leader", 1500), token("dodger", "Actor.dodger", 500), token("far", "Actor.far", 6000)] as never,
    );
    const weaponId = (shooter as any).items.contents.find((i: any) => i.name === "Heavy blaster pistol").id;
    const request = await t.checks.d6Checks.build({ actor: shooter as never, kind: "attack", dataset: { itemId: weaponId }, targets });
    forceFaces([4, 3, 2, 5, 3]);
    await t.checks.d6Checks.roll(request!, { ...request!.values, actions: 2 }, { rollMode: "publicroll" });
    const message = lastMessage();
    expect(lastCard(t.stand).total).toBe(17);
    expect(message.flags.omnibus.d6.attack.targets.map((x: any) => x.actorUuid)).toEqual(["Actor.leader"]);
    (globalThis as any).__dialogAnswer = "1";
    forceFaces([6, 4]);
    t.stand.setUser("player");
    expect(await t.actions.requestChatAction(message as never, "d6SpendCPAfter", null)).toBe(true);
    await t.stand.settle();
    const state = record(message.id).state.d6;
    expect(state.cpAfter.used.outcomes).toEqual([
      { difficulty: 13, success: true },
      { difficulty: 27, success: true },
      { difficulty: null, success: false },
    ]);
    // The damage card now rolls against both hit targets.
    expect(state.attack.targets.map((x: any) => x.actorUuid)).toEqual(["Actor.leader", "Actor.dodger"]);
  });
});
