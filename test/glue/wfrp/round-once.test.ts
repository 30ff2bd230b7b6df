// @vitest-environment happy-dom
// Issue 15 §2 at the wfrp table: the end of a round (Bleeding, Surprised cleared; 003:L275) is done
// by the active GM alone and once per round — going back a round and forward again does not bleed
// twice. Runs as the v13 and the v14 project.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { StandInDocument, type StandIns } from "../../support/foundry-stand-ins";
import { actorViewOf } from "../../gallery/samples/wfrp";
import { setUpWfrp, character } from "./harness";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;

beforeEach(async () => {
  vi.resetModules();
  ({ stand } = await setUpWfrp({ moreGMs: ["gm2"], dice: false }));
});

describe("the end of a WFRP round, once", () => {
  it("Bleeding 1 on 10 Wounds: round 1 → 2 loses one Wound (one GM applies); back to 1 and on to 2 again loses none; on to 3 loses the next", async () => {
    const v = actorViewOf(character("Salundra von Drakenburg"), { health: { value: 10, max: 12 }, conditions: { bleeding: 1 } });
    const actor = new StandInDocument("sal", "Actor.sal", false, {
      name: v.name,
      img: v.img,
      type: v.type,
      system: v.system,
      items: { contents: v.items },
      statuses: new Set(v.statuses ?? []),
    }) as StandInDocument & Record<string, any>;
    actor.live = true;
    const combat: any = {
      id: "c1",
      flags: {},
      combatants: { contents: [{ id: "s", name: v.name, initiative: 30, actor }] },
      async update(d: Record<string, unknown>) {
        for (const [k, val] of Object.entries(d))
          if (k.startsWith("flags.omnibus.roundsDone."))
            (combat.flags.omnibus ??= { roundsDone: {} }).roundsDone[k.split(".").pop()!] = val;
      },
    };
    const turn = async (from: number, to: number) => {
      const args = [combat, { round: from, turn: 0 }, { round: to, turn: 0, combatantId: "s" }];
      await stand.asUser("gm2", () => stand.fire("combatTurnChange", ...args));
      await stand.fire("combatTurnChange", ...args);
    };
    await turn(1, 2);
    expect(actor.system.health.value).toBe(9);
    await turn(2, 1);
    await turn(1, 2);
    expect(actor.system.health.value).toBe(9);
    await turn(2, 3);
    expect(actor.system.health.value).toBe(8);
  });
});
