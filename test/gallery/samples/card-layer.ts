/**
 * Gallery samples of the card layer (issue 10): a D6 damage card as the GM sees it once applied
 * (the "applied by" line, Undo, and the GM's override controls for the target not yet applied), a
 * tampered card, and a card with the approval queue. The record part is built by the same
 * `recordView` the client calls, from a CardRecord as the GM stores it.
 */
import { logView, recordView } from "../../../src/foundry/chat/record-view";
import type { CardRecord } from "../../../src/foundry/chat/record";
import type { GallerySample } from "../sample";

const T = (path: string) => `systems/omnibus/templates/${path}.hbs`;
const names: Record<string, string> = { gm: "Gamemaster", p1: "Anna", p2: "Boris" };
const opts = (overridable: Array<{ action: string; targets: string[] }> = []) => ({
  isGM: true,
  userName: (id: string) => names[id] ?? id,
  time: () => "21:04",
  overridable,
});

const damageCard = {
  title: "Damage: Heavy blaster pistol",
  subtitle: "",
  img: "icons/svg/mystery-man.svg",
  dice: [
    { face: 3, sides: 6, classes: "" },
    { face: 4, sides: 6, classes: "" },
    { face: 2, sides: 6, classes: "" },
    { face: 5, sides: 6, classes: "" },
    { face: 2, sides: 6, classes: "wild" },
  ],
  total: 16,
  outcome: null,
  quality: null,
  complication: false,
  lines: [{ label: "OMNIBUS.D6.Card.DamageRoll", value: "5D → 16" }],
  outcomes: [
    {
      name: "Thug",
      img: "icons/svg/mystery-man.svg",
      distance: null,
      units: "",
      band: "OMNIBUS.D6.Card.DamageVsStrength",
      bandDetail: "16 − 12",
      result: "OMNIBUS.D6.DamageResult.wounded",
      tone: "failure",
    },
    {
      name: "Stormtrooper",
      img: "icons/svg/mystery-man.svg",
      distance: null,
      units: "",
      band: "OMNIBUS.D6.Card.DamageVsStrength",
      bandDetail: "16 − 9",
      result: "OMNIBUS.D6.DamageResult.wounded",
      tone: "failure",
      button: { action: "d6ApplyDamage", label: "OMNIBUS.D6.Card.Apply", icon: "fa-solid fa-heart-crack", data: { target: "1" } },
    },
  ],
  buttons: [],
  ruleset: "d6",
};

const base: CardRecord = {
  v: 1,
  messageId: "m1",
  authorId: "p1",
  ruleset: "d6",
  created: 0,
  state: {},
  rolls: [],
  amendments: [],
  tampered: null,
  marks: {},
  queue: [],
};

const applied: CardRecord = {
  ...base,
  marks: {
    "d6ApplyDamage:0": {
      action: "d6ApplyDamage",
      target: "0",
      status: "done",
      by: "p1",
      appliedBy: "gm",
      at: 0,
      changes: [
        {
          uuid: "Actor.thug",
          name: "Thug",
          before: { "system.woundLevel": "healthy" },
          after: { "system.woundLevel": "wounded" },
          statusesBefore: {},
          statuses: {},
        },
      ],
      summary: { key: "OMNIBUS.D6.Card.AppliedDamage", data: { damage: 16, resist: 12 } },
    },
  },
};

const tampered: CardRecord = { ...base, tampered: { by: "p1", at: 0 } };

const queued: CardRecord = {
  ...base,
  queue: [
    { id: "q1", action: "d6ApplyDamage", target: "0", userId: "p1", at: 0 },
    { id: "q2", action: "d6ApplyDamage", target: "1", userId: "p2", at: 0 },
  ],
};

const sample = (name: string, record: CardRecord, overridable?: Array<{ action: string; targets: string[] }>): GallerySample => ({
  name,
  template: [T("d6/chat/damage-card"), T("chat/card-record")],
  context: { ...damageCard, record: recordView(record, opts(overridable)) },
  width: 300,
  height: 800,
  frame: "chat",
});

export const samples: GallerySample[] = [
  sample("card-applied-undo-override", applied, [{ action: "d6ApplyDamage", targets: ["0", "1"] }]),
  sample("card-tampered", tampered),
  sample("card-approval-queue", queued),
];

samples.push({
  name: "card-log",
  template: T("chat/card-log"),
  context: logView(
    [
      { at: 0, kind: "applied", messageId: "aB3dE5fG7hJ9kL1m", action: "d6ApplyDamage", target: "0", userId: "p1" },
      {
        at: 0,
        kind: "refused",
        messageId: "aB3dE5fG7hJ9kL1m",
        action: "d6ApplyDamage",
        target: "0",
        userId: "p2",
        reason: "OMNIBUS.Chat.AlreadyApplied",
      },
      { at: 0, kind: "tampered", messageId: "zY8xW6vU4tS2rQ0p", action: "", target: null, userId: "p2" },
      { at: 0, kind: "undone", messageId: "aB3dE5fG7hJ9kL1m", action: "d6ApplyDamage", target: "0", userId: "gm" },
    ],
    { userName: (id) => names[id] ?? id, time: () => "21:04" },
  ),
  width: 520,
  height: "auto",
  title: "Card log",
});
