// @vitest-environment happy-dom
// A Fortune point re-rolls the roller's test from its card (003:L72: the result is ignored and the
// test rolled again; the re-roll is final). The seed's opposed Endurance test (003:L203): Salundra
// 46 rolls 21 (+2 SL), Fat Tom 63 rolls 91 (−3); had Salundra rolled 91 she would lose, and a
// Fortune re-roll of 21 wins again by 5.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StandIns } from "../../support/foundry-stand-ins";
import { actorViewOf } from "../../gallery/samples/wfrp";
import { setUpWfrp, actorDoc, character, card, stateOf, view, type WfrpGlue } from "./harness";
import { runCli } from "../../support/cli";
import { placeTarget } from "../../support/scene-tokens";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
let faces: number[];
let wfrp: WfrpGlue["wfrp"];
let actions: WfrpGlue["actions"];
const g = globalThis as any;

beforeEach(async () => {
  vi.resetModules();
  ({ stand, faces, wfrp, actions } = await setUpWfrp());
});

async function endurance(targets: unknown[], face: number) {
  const salundra = actorDoc("sal", actorViewOf(character("Salundra von Drakenburg")), ["player"]);
  salundra.system.fortune = 1;
  const item = salundra.items.contents.find((i: any) => i.system.key === "endurance");
  const checks = wfrp.wfrpAdapter.checks!;
  const request = (await checks.build({ actor: salundra as any, kind: "skill", dataset: { itemId: item.id }, targets: targets as never }))!;
  faces.push(face);
  await checks.roll(request, { ...request.values, difficulty: "challenging" }, { rollMode: "publicroll" });
  return { salundra, message: stand.messages.at(-1)! };
}

async function fortune(message: unknown, face: number) {
  stand.setUser("player");
  faces.push(face);
  const ok = await actions.requestChatAction(message as never, "wfrpFortune", null);
  await stand.settle();
  return ok;
}

describe("a Fortune re-roll from the test card (003:L72)", () => {
  it("Endurance 46 rolls 91 (fails, −5 SL); the re-roll of 21 passes with +2 SL; the point is spent; the re-roll is final", async () => {
    const { salundra, message } = await endurance([], 91);
    expect(card().context).toMatchObject({ success: false, target: 46, fortuneButton: { action: "wfrpFortune" } });
    const first = stateOf(message).test;
    expect(
      JSON.parse(
        runCli(
          "wfrp",
          "check",
          "test",
          "--request",
          JSON.stringify({ spec: first.reroll.spec, options: first.reroll.options }),
          "--faces",
          "91",
          "--json",
        ).out,
      ),
    ).toEqual(first.result);
    expect(await fortune(message, 21)).toBe(true);
    expect(salundra.updates).toEqual([{ "system.fortune": 0 }]);
    expect(stateOf(message).test.result).toMatchObject({ roll: 21, success: true, sl: 2 });
    const after = await view(message);
    expect(after.context).toMatchObject({ success: true, slLabel: "+2" });
    expect(after.context.fortuneButton).toBeUndefined();
    // The CLI answers the same from the request the table recorded (issue 12: `omnibus wfrp check`).
    const reroll = stateOf(message).test.reroll;
    const cli = (kind: string, request: unknown, faces: string) =>
      JSON.parse(runCli("wfrp", "check", kind, "--request", JSON.stringify(request), "--faces", faces, "--json").out);
    expect(cli("reroll", { spec: reroll.spec, options: reroll.options, roll: 91, fortune: 1 }, "21").result).toEqual(
      stateOf(message).test.result,
    );
    salundra.system.fortune = 3;
    expect(await fortune(message, 5)).toBe(true);
    expect(salundra.updates).toHaveLength(1);
    expect(stand.recorded.notifications.at(-1)!.message).toContain("OMNIBUS.WFRP.Fortune.AlreadyUsed");
  });

  it("without a Fortune point the owner is told and nothing is rolled; a forged re-roll response is refused by the GM", async () => {
    const { salundra, message } = await endurance([], 91);
    salundra.system.fortune = 0;
    expect(await fortune(message, 21)).toBe(true);
    expect(stand.recorded.notifications.at(-1)!.message).toContain("OMNIBUS.WFRP.Fortune.None");
    expect(faces).toEqual([21]);
    const forge = (user: string, rolls: unknown[]) =>
      stand.asUser(user, () =>
        g.ChatMessage.create({
          content: "",
          rolls,
          flags: { omnibus: { ruleset: "wfrp", response: { to: message.id, action: "wfrpFortuneReroll", target: null, choices: {} } } },
        }),
      );
    const roll = (face: number, sides = 100) => ({ dice: [{ faces: sides, results: [{ result: face }] }], toJSON: () => ({}) });
    await forge("player", [roll(21)]); // no Fortune left
    salundra.system.fortune = 1;
    stand.makeUser("stranger", false);
    await forge("stranger", [roll(21)]); // not the owner
    await forge("player", [roll(7, 10)]); // not a d100
    await stand.settle();
    expect(salundra.updates).toEqual([]);
    expect(stateOf(message).test.result.roll).toBe(91);
  });
});

describe("a Fortune re-roll of the tester's side of an opposed test (003:L203)", () => {
  it("Salundra 46 rolls 91 (−5) and loses to Fat Tom's 91 (−3) by 2; re-rolled to 21 (+2) she wins by 5", async () => {
    const tom = actorDoc("tom", actorViewOf(character("Fat Tom Brandysnap")));
    placeTarget(stand, "Scene.s.Token.d", tom, { uuid: "Actor.sal" }, 3, { name: tom.name });
    const { salundra, message } = await endurance(
      [{ tokenUuid: "Scene.s.Token.d", actorUuid: tom.uuid, name: tom.name, img: "", distance: 3, units: "m" }],
      91,
    );
    stand.setUser("gm");
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({
      actor: tom as any,
      kind: "response",
      dataset: { messageId: message.id, target: "0" },
      targets: [],
    }))!;
    faces.push(91);
    await checks.roll(request, request.values, { rollMode: "publicroll" });
    await stand.settle();
    expect((await view(message)).context.targets[0]).toMatchObject({ testerWins: false, margin: 2 });
    expect(await fortune(message, 21)).toBe(true);
    expect(salundra.updates).toEqual([{ "system.fortune": 0 }]);
    expect((await view(message)).context.targets[0]).toMatchObject({ winnerName: "Salundra von Drakenburg", testerWins: true, margin: 5 });
  });
});

describe("a Fortune re-roll of the defender's side of an opposed test (003:L72, L203)", () => {
  it("Salundra 21 (+2) beats Fat Tom's 91 (−3); Tom spends his own Fortune, re-rolls 11 (+5) and wins by 3; once only", async () => {
    const tom = actorDoc("tom", actorViewOf(character("Fat Tom Brandysnap")), ["player"]);
    tom.system.fortune = 1;
    placeTarget(stand, "Scene.s.Token.d", tom, { uuid: "Actor.sal" }, 3, { name: tom.name });
    const { salundra, message } = await endurance(
      [{ tokenUuid: "Scene.s.Token.d", actorUuid: tom.uuid, name: tom.name, img: "", distance: 3, units: "m" }],
      21,
    );
    stand.setUser("gm");
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({
      actor: tom as any,
      kind: "response",
      dataset: { messageId: message.id, target: "0" },
      targets: [],
    }))!;
    faces.push(91);
    await checks.roll(request, request.values, { rollMode: "publicroll" });
    await stand.settle();
    const before = (await view(message)).context.targets[0];
    expect(before).toMatchObject({ testerWins: true, margin: 5 });
    expect(before.fortuneButton).toMatchObject({ action: "wfrpFortuneDefence", data: { target: "0" } });
    stand.setUser("player");
    faces.push(11);
    expect(await actions.requestChatAction(message as never, "wfrpFortuneDefence", "0")).toBe(true);
    await stand.settle();
    expect(tom.updates).toEqual([{ "system.fortune": 0 }]);
    expect(salundra.updates).toEqual([]);
    expect(stateOf(message).opposed.targets[0].response.faces).toEqual([11]);
    const after = (await view(message)).context.targets[0];
    expect(after).toMatchObject({ winnerName: "Fat Tom Brandysnap", testerWins: false, margin: 3 });
    expect(after.fortuneButton).toBeUndefined();
    // Once per defender: a second click is refused and rolls nothing.
    tom.system.fortune = 1;
    faces.push(5);
    await actions.requestChatAction(message as never, "wfrpFortuneDefence", "0");
    await stand.settle();
    expect(stateOf(message).opposed.targets[0].response.faces).toEqual([11]);
    expect(tom.updates).toEqual([{ "system.fortune": 0 }]);
  });

  it("a defender re-roll asked by a user who does not own the defender changes nothing", async () => {
    const tom = actorDoc("tom", actorViewOf(character("Fat Tom Brandysnap")), ["other"]);
    tom.system.fortune = 1;
    placeTarget(stand, "Scene.s.Token.d", tom, { uuid: "Actor.sal" }, 3, { name: tom.name });
    const { message } = await endurance(
      [{ tokenUuid: "Scene.s.Token.d", actorUuid: tom.uuid, name: tom.name, img: "", distance: 3, units: "m" }],
      21,
    );
    stand.setUser("gm");
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await checks.build({
      actor: tom as any,
      kind: "response",
      dataset: { messageId: message.id, target: "0" },
      targets: [],
    }))!;
    faces.push(91);
    await checks.roll(request, request.values, { rollMode: "publicroll" });
    await stand.settle();
    stand.setUser("player");
    faces.push(11);
    await actions.requestChatAction(message as never, "wfrpFortuneDefence", "0");
    await stand.settle();
    expect(tom.updates).toEqual([]);
    expect(stateOf(message).opposed.targets[0].response.faces).toEqual([91]);
  });
});
