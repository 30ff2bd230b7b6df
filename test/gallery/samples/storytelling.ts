/**
 * Gallery samples for the Storytelling templates, built with the same context functions the sheets,
 * the roll dialog and the card builder call, from the packs' data and the digest's worked examples.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { actorSheetContext, itemSheetContext } from "../../../src/rules/table/sheet-context";
import { rollDialogContext } from "../../../src/foundry/dialogs/roll-dialog-context";
import { characterSheetContext, itemSheetDetails, vehicleSheetContext } from "../../../src/rules/storytelling/table/sheet-context";
import {
  attackPools,
  attackRequest,
  attackTarget,
  checkPool,
  poolRequest,
  requestOdds,
  weaponData,
  type ActorSnapshot,
  type CheckData,
} from "../../../src/rules/storytelling/table/checks";
import { DEFAULT_OPTIONS } from "../../../src/rules/storytelling/table/settings";
import { cardRoll, extendedProgress } from "../../../src/rules/storytelling/table/cards";
import { addContestRoll, contestCardContext, contestRoll, startContest } from "../../../src/rules/storytelling/table/contest/cards";
import { resolvePool, recordExtendedRoll, startExtendedAction } from "../../../src/rules/storytelling";
import { ROOT } from "../../support/handlebars";
import { bilingual, type GallerySample } from "../sample";
import { inLanguage, type PackDocLike } from "../languages";

const T = (p: string) => `systems/omnibus/templates/${p}.hbs`;
const pack = (name: string, file: string) => parse(readFileSync(join(ROOT, "packs", "_source", name, `${file}.yml`), "utf8"));
const en = JSON.parse(readFileSync(join(ROOT, "lang", "en.json"), "utf8"));
const localize = (key: string) => key.split(".").reduce((o: any, k) => o?.[k], en) ?? key;
const ROLL_MODES = {
  publicroll: { label: "CHAT.RollPublic" },
  gmroll: { label: "CHAT.RollPrivate" },
  blindroll: { label: "CHAT.RollBlind" },
  selfroll: { label: "CHAT.RollSelf" },
};

const pistol = pack("storytelling-weapons", "pistol-light");
const club = pack("storytelling-weapons", "club");
const flak = pack("storytelling-armor", "flak-jacket");
const lockpicks = pack("storytelling-equipment", "lockpicks");
const chainsaw = pack("storytelling-objects", "chainsaw");
const compact = pack("storytelling-vehicles", "compact-car");

const attrs = { intelligence: 2, wits: 3, resolve: 2, strength: 3, dexterity: 3, stamina: 2, presence: 2, manipulation: 2, composure: 3 };
const skills = {
  athletics: { dots: 3, specialties: "Climbing" },
  firearms: { dots: 3, specialties: "Rifles" },
  crafts: { dots: 4, specialties: "Engines, clockwork and hydraulics of old factory machines" },
  weaponry: { dots: 2, specialties: "" },
  drive: { dots: 3, specialties: "" },
  investigation: { dots: 1, specialties: "" },
  intimidation: { dots: 2, specialties: "" },
  persuasion: { dots: 1, specialties: "" },
};
const system = {
  attributes: attrs,
  skills,
  size: 5,
  speciesFactor: 5,
  healthTrack: { aggravated: 0, lethal: 2, bashing: 3 },
  willpower: { points: 4, bonus: 0, spentThisTurn: false },
  morality: 7,
  concept: "Night-shift mechanic",
  virtue: "Fortitude",
  vice: "Wrath",
};
const items = [
  { id: "w1", name: pistol.name, img: null, type: pistol.type, system: pistol.system, sort: 1 },
  { id: "w2", name: "Club with nails hammered in by Taylor's cousin", img: null, type: club.type, system: club.system, sort: 2 },
  { id: "a1", name: flak.name, img: null, type: flak.type, system: flak.system, sort: 3 },
  { id: "e1", name: lockpicks.name, img: null, type: lockpicks.type, system: lockpicks.system, sort: 4 },
  { id: "m1", name: "Stunt Driver", img: null, type: "storytelling_merit", system: { dots: 3, category: "physical" }, sort: 5 },
  {
    id: "x1",
    name: "Repair the chainsaw",
    img: null,
    type: "storytelling_extended",
    system: { target: 10, accumulated: 5, rollsMade: 2, maxRolls: 4, attempt: 1, status: "inProgress" },
    sort: 6,
  },
];
const TABS = [
  { id: "traits", label: "OMNIBUS.Storytelling.Tab.Traits", icon: "fa-solid fa-circle-dot" },
  { id: "combat", label: "OMNIBUS.Storytelling.Tab.Combat", icon: "fa-solid fa-hand-fist" },
  { id: "items", label: "OMNIBUS.Sheet.Tab.Items", icon: "fa-solid fa-suitcase" },
  { id: "notes", label: "OMNIBUS.Sheet.Tab.Notes", icon: "fa-solid fa-book" },
];
const ITEM_TYPES = [
  "storytelling_merit",
  "storytelling_weapon",
  "storytelling_armor",
  "storytelling_equipment",
  "storytelling_object",
  "storytelling_extended",
];
const PARTS = [
  T("shared/actor-header"),
  T("storytelling/actor/vitals"),
  T("shared/tabs"),
  T("storytelling/actor/traits"),
  T("storytelling/actor/combat"),
  T("shared/items-tab"),
  T("shared/notes-tab"),
];
const CLASSES = ["omnibus", "sheet", "actor", "storytelling", "omnibus-storytelling"];

function characterSample(
  name: string,
  tab: string,
  editMode: boolean,
  actorName: string,
  type = "storytelling_character",
  statuses: string[] = [],
  defenseTurn = { attacks: 0, willpower: false },
): GallerySample {
  return {
    name,
    template: PARTS,
    context: {
      ...actorSheetContext({
        ruleset: "storytelling",
        actor: { id: "c1", name: actorName, img: null, type, system, items },
        editable: true,
        editMode,
        tabs: TABS,
        activeTab: tab,
        itemTypes: ITEM_TYPES,
      }),
      description: "",
      ...characterSheetContext({ system, items, statuses, defenseTurn }),
    },
    width: 760,
    height: 780,
    classes: CLASSES,
  };
}

/** A premade from the pack as a reader of `language` sees it (one language per page). */
function premadeSample(name: string, file: string, tab: string): GallerySample {
  const source = pack("storytelling-characters", file) as PackDocLike;
  return bilingual(
    (language) => {
      const doc = inLanguage(source, language);
      const its = (doc.items ?? []).map((i, n) => ({
        id: `i${n}`,
        name: i.name,
        img: null,
        type: String((i as { type?: string }).type),
        system: i.system,
        sort: n,
      }));
      return {
        name,
        title: doc.name,
        template: PARTS,
        context: {
          ...actorSheetContext({
            ruleset: "storytelling",
            actor: { id: "p1", name: doc.name, img: null, type: "storytelling_character", system: doc.system, items: its },
            editable: true,
            editMode: false,
            tabs: TABS,
            activeTab: tab,
            itemTypes: ITEM_TYPES,
            enrichedDescription: String(doc.system.description ?? ""),
          }),
          description: String(doc.system.description ?? ""),
          ...characterSheetContext({ system: doc.system, items: its, statuses: [], defenseTurn: { attacks: 0, willpower: false } }),
        },
        width: 760,
        height: 780,
        classes: CLASSES,
      };
    },
    [source],
  );
}

const snapshot = (
  name: string,
  sys: Record<string, unknown>,
  its: ActorSnapshot["items"] = [],
  statuses: string[] = [],
): ActorSnapshot => ({
  uuid: `Actor.${name}`,
  name,
  img: "icons/svg/mystery-man.svg",
  type: "storytelling_character",
  system: sys,
  items: its,
  statuses,
});
const taylor = snapshot("Taylor", system, items);
const vaughn = snapshot(
  "Vaughn, the night watchman of the old brewery",
  { attributes: { ...attrs, wits: 3, dexterity: 3 }, healthTrack: { aggravated: 0, lethal: 0, bashing: 0 } },
  [{ type: "storytelling_armor", system: flak.system }],
);
const info = (distance: number, n: ActorSnapshot) => ({
  tokenUuid: `Scene.s.Token.${n.name}`,
  actorUuid: n.uuid,
  name: n.name,
  img: "icons/svg/mystery-man.svg",
  distance,
  units: "m",
});

// The pool check dialog (digest E7) and its card.
const poolReq = poolRequest(taylor, { skill: "crafts", attribute: "intelligence" }, DEFAULT_OPTIONS, localize);
const poolValues = { ...poolReq.values, specialty: true, modifier: -1 };
const e7 = resolvePool(6, [2, 3, 5, 7, 8, 9]);
const e7Pool = checkPool(poolReq.data as unknown as CheckData, poolValues);
const labels = { attribute: "OMNIBUS.Storytelling.Attribute.intelligence", skill: "OMNIBUS.Storytelling.Skill.crafts" };

// An attack with two targets: one at medium range, one out of range.
const atkReq = attackRequest(
  taylor,
  weaponData({ ...pistol, uuid: "Item.w1" }),
  [attackTarget(info(30, vaughn), vaughn), attackTarget(info(95, vaughn), { ...vaughn, name: "Дальний наблюдатель" })],
  DEFAULT_OPTIONS,
);
const atkData = atkReq.data as unknown as CheckData;
const pools = attackPools(atkData, atkReq.values);
const hit = resolvePool(pools[0].pool!.pool, [8, 10, 3]);
const atkLabels = { attribute: "OMNIBUS.Storytelling.Attribute.dexterity", skill: "OMNIBUS.Storytelling.Skill.firearms" };

// A club against Jefferson (digest E27: Defense 2, Willpower +2 → 4) who is also dodging, after one earlier attack.
const clubItem = { id: "w2", name: club.name, img: null, type: club.type, system: club.system };
const jefferson = snapshot(
  "Jefferson",
  { attributes: { ...attrs, wits: 2, dexterity: 3 }, healthTrack: { aggravated: 0, lethal: 0, bashing: 0 } },
  [],
  ["dodging"],
);
jefferson.flags = { stDefense: { turn: "c1:2", attacks: 1, willpower: true } };
const meleeReq = attackRequest(
  taylor,
  weaponData({ ...clubItem, uuid: "Item.w2" }),
  [attackTarget(info(1, jefferson), jefferson, "c1:2")],
  DEFAULT_OPTIONS,
  "c1:2",
);
const meleePools = attackPools(meleeReq.data as unknown as CheckData, meleeReq.values);
// Strength 3 + Weaponry 2 + club 2 − wounds 1 − Defense ((2 × 2) + 2 − 1 = 5) = 1 die.
const meleeHit = resolvePool(meleePools[0].pool!.pool, [9]);
const meleeLabels = { attribute: "OMNIBUS.Storytelling.Attribute.strength", skill: "OMNIBUS.Storytelling.Skill.weaponry" };

// Contests: E20 (Karen 4 successes against the robber's 3) decided; E21 (to 6) after stage 2, the robber to roll.
const karenSide = { name: "Karen", img: "icons/svg/mystery-man.svg", actorUuid: "Actor.karen", traits: "Stamina + Athletics" };
const robberSide = {
  name: "Грабитель с очень длинным именем из переулка",
  img: "icons/svg/mystery-man.svg",
  actorUuid: "Actor.robber",
  traits: "Stamina + Athletics",
};
const contestOpts = { dramaticFailure: "opponentExceptional" as const, defaults: { attribute: "stamina", second: "skill:athletics" } };
const e20 = addContestRoll(
  startContest({
    first: karenSide,
    firstRoll: contestRoll(resolvePool(7, [8, 8, 9, 9, 1, 2, 3])),
    second: robberSide,
    target: null,
    ...contestOpts,
  }),
  1,
  1,
  contestRoll(resolvePool(5, [8, 8, 9, 1, 2])),
);
let e21 = startContest({
  first: karenSide,
  firstRoll: contestRoll(resolvePool(7, [8, 1, 2, 3, 4, 5, 6])),
  second: robberSide,
  target: 6,
  ...contestOpts,
});
e21 = addContestRoll(e21, 1, 1, contestRoll(resolvePool(5, [8, 8, 8, 1, 2])));
e21 = addContestRoll(e21, 0, 2, contestRoll(resolvePool(7, [8, 9, 9, 1, 2, 3, 4])));
// A tied extended contest (target 3, 3–3): the GM's "go on" button.
const tied = addContestRoll(
  startContest({
    first: karenSide,
    firstRoll: contestRoll(resolvePool(5, [8, 8, 8, 1, 2])),
    second: robberSide,
    target: 3,
    ...contestOpts,
  }),
  1,
  1,
  contestRoll(resolvePool(6, [8, 8, 8, 1, 2, 3])),
);
const openContest = startContest({
  first: karenSide,
  firstRoll: contestRoll(resolvePool(7, [8, 8, 9, 9, 1, 2, 3])),
  second: { name: "", img: "", actorUuid: null, traits: "" },
  target: null,
  ...contestOpts,
});

// Teamwork (E30 variant: Devon's 2 successes, darkness −3 → 5 dice) as an advanced action: [8,1,2,3,4] and [8,9,10,2,3,5] kept.
const charlesReq = poolRequest(
  snapshot("Charles", { attributes: { ...attrs, dexterity: 2 }, skills: { crafts: { dots: 4, specialties: "" } } }),
  { skill: "crafts", attribute: "dexterity" },
  DEFAULT_OPTIONS,
  localize,
);
const teamValues = { ...charlesReq.values, situational: "-3", helperSuccesses: 2, advanced: true };
const teamPool = checkPool(charlesReq.data as unknown as CheckData, teamValues);
const teamLabels = { attribute: "OMNIBUS.Storytelling.Attribute.dexterity", skill: "OMNIBUS.Storytelling.Skill.crafts" };

// Cover: the pistol at Vaughn behind a brick wall (full cover, Durability 2): 5 successes, 3 through, − ballistic 3 (flak) → a chance roll.
const coverReq = attackRequest(
  taylor,
  weaponData({ ...pistol, uuid: "Item.w1" }),
  [attackTarget(info(8, vaughn), vaughn), attackTarget(info(12, jefferson), jefferson)],
  DEFAULT_OPTIONS,
);
const coverValues = { ...coverReq.values, cover0: "full2", cover1: "substantially" };
const coverPools = attackPools(coverReq.data as unknown as CheckData, coverValues);
const coverHit = resolvePool(coverPools[0].pool!.pool, [8, 8, 9, 9, 10, 4, 1, 5]);
const through = resolvePool(0, [10, 3]);

const extended = recordExtendedRoll(recordExtendedRoll(startExtendedAction({ target: 10, maxRolls: 4 }), { successes: 3 }), {
  successes: 2,
});

const card = (title: string, subtitle: string, kind: string, rolls: unknown[], ext: unknown = null, willpowerSpent = false) => ({
  ruleset: "storytelling",
  title,
  subtitle,
  img: "icons/svg/mystery-man.svg",
  kindLabel: `OMNIBUS.Storytelling.Check.${kind}`,
  rolls,
  extended: ext,
  willpowerSpent,
  notes: [],
});

const itemSample = (
  name: string,
  doc: { name: string; type: string; system: Record<string, unknown> },
  editMode = false,
): GallerySample => ({
  name,
  template: [T("shared/item-header"), T("storytelling/item/details"), T("shared/item-description")],
  context: {
    ...itemSheetContext({
      ruleset: "storytelling",
      item: { id: "i1", name: doc.name, img: null, type: doc.type, system: doc.system },
      editable: true,
      editMode,
      enrichedDescription: String(doc.system.description ?? ""),
    }),
    ...itemSheetDetails(doc.type, doc.system),
  },
  width: 520,
  height: 560,
  classes: ["omnibus", "sheet", "item", "storytelling", "omnibus-storytelling"],
});

export const samples: GallerySample[] = [
  premadeSample("storytelling-premade-sheet", "dana-reyes", "traits"),
  premadeSample("storytelling-premade-gear", "dana-reyes", "items"),
  characterSample("storytelling-character-traits", "traits", false, "Taylor Okonkwo-Brandt, night-shift mechanic of the Eastside garage"),
  characterSample("storytelling-character-traits-edit", "traits", true, "Taylor"),
  // Dodging, Willpower declared for +2 Defense, one attack already this turn: (3 × 2) + 2 − 1 = 7.
  characterSample("storytelling-character-combat", "combat", false, "Taylor", "storytelling_character", ["wounded1", "dodging"], {
    attacks: 1,
    willpower: true,
  }),
  characterSample("storytelling-npc-items", "items", false, "Грабитель", "storytelling_npc"),
  {
    name: "storytelling-vehicle-sheet",
    template: [T("shared/actor-header"), T("shared/tabs"), T("storytelling/actor/vehicle"), T("shared/notes-tab")],
    context: {
      ...actorSheetContext({
        ruleset: "storytelling",
        actor: {
          id: "v1",
          name: compact.name,
          img: null,
          type: "storytelling_vehicle",
          system: { ...compact.system, damage: 4, flatTyres: 1, speed: 60 },
        },
        editable: true,
        editMode: false,
        tabs: [
          { id: "vehicle", label: "OMNIBUS.Storytelling.Tab.Vehicle" },
          { id: "notes", label: "OMNIBUS.Sheet.Tab.Notes" },
        ],
        activeTab: "vehicle",
      }),
      description: "",
      ...vehicleSheetContext({ ...compact.system, damage: 4, flatTyres: 1, speed: 60 }),
    },
    width: 600,
    height: 620,
    classes: CLASSES,
  },
  itemSample("storytelling-weapon-sheet", pistol),
  itemSample("storytelling-armor-sheet-edit", flak, true),
  itemSample("storytelling-equipment-sheet", { ...lockpicks, system: { ...lockpicks.system, damageTaken: 3 } }),
  itemSample("storytelling-object-sheet", { ...chainsaw, system: { ...chainsaw.system, damageTaken: 3 } }),
  itemSample("storytelling-merit-sheet", {
    name: "Stunt Driver",
    type: "storytelling_merit",
    system: { dots: 3, category: "physical", description: "<p>Drive and act in the same turn (002:L835).</p>" },
  }),
  itemSample("storytelling-extended-sheet", {
    name: "Repair the chainsaw",
    type: "storytelling_extended",
    system: {
      target: 10,
      accumulated: 5,
      rollsMade: 2,
      maxRolls: 4,
      attempt: 2,
      pace: "short",
      attribute: "wits",
      skill: "crafts",
      equipment: 3,
      modifier: 0,
      status: "inProgress",
      description: "",
    },
  }),
  {
    name: "storytelling-roll-dialog-pool",
    title: poolReq.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(poolReq, poolValues, requestOdds, "publicroll", ROLL_MODES) as unknown as Record<string, unknown>,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  {
    name: "storytelling-roll-dialog-chance",
    title: poolReq.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(
      poolReq,
      { ...poolValues, modifier: -9, rote: true },
      requestOdds,
      "publicroll",
      ROLL_MODES,
    ) as unknown as Record<string, unknown>,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  {
    name: "storytelling-roll-dialog-attack",
    title: atkReq.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(atkReq, atkReq.values, requestOdds, "publicroll", ROLL_MODES) as unknown as Record<string, unknown>,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  {
    name: "storytelling-card-pool",
    template: T("storytelling/chat/roll-card"),
    context: card("Taylor", "Intelligence + Crafts", "pool", [cardRoll(e7, e7Pool, labels)]),
    width: 300,
    height: 800,
    frame: "chat",
  },
  {
    name: "storytelling-card-dramatic-failure",
    template: T("storytelling/chat/roll-card"),
    context: card(
      "Devon",
      "Dexterity + Crafts",
      "pool",
      [cardRoll(resolvePool(0, [1]), { ...e7Pool, pool: 0, chance: true }, labels)],
      null,
      true,
    ),
    width: 300,
    height: 800,
    frame: "chat",
  },
  {
    name: "storytelling-card-attack",
    template: T("storytelling/chat/roll-card"),
    context: card(pistol.name, "Dexterity + Firearms", "attack", [
      cardRoll(hit, pools[0].pool, atkLabels, {
        target: pools[0].target,
        band: pools[0].band,
        damage: { points: hit.successes, type: "lethal" },
        buttonKey: 0,
      }),
      cardRoll(null, null, atkLabels, { target: pools[1].target, band: pools[1].band }),
    ]),
    width: 300,
    height: 800,
    frame: "chat",
  },
  {
    name: "storytelling-card-attack-defense",
    template: T("storytelling/chat/roll-card"),
    context: card(club.name, "Strength + Weaponry", "attack", [
      cardRoll(meleeHit, meleePools[0].pool, meleeLabels, {
        target: meleePools[0].target,
        band: null,
        damage: { points: meleeHit.successes, type: "bashing" },
        buttonKey: 0,
        defense: meleePools[0].defense,
      }),
    ]),
    width: 300,
    height: 800,
    frame: "chat",
  },
  {
    name: "storytelling-card-contest",
    template: T("storytelling/chat/contest-card"),
    context: { ruleset: "storytelling", ...contestCardContext(e20, "Karen") },
    width: 300,
    height: 800,
    frame: "chat",
  },
  {
    name: "storytelling-card-contest-extended",
    template: T("storytelling/chat/contest-card"),
    context: { ruleset: "storytelling", ...contestCardContext(e21, "Karen") },
    width: 300,
    height: 800,
    frame: "chat",
  },
  {
    name: "storytelling-card-contest-tied",
    template: T("storytelling/chat/contest-card"),
    context: { ruleset: "storytelling", ...contestCardContext(tied, "Karen") },
    width: 300,
    height: 800,
    frame: "chat",
  },
  {
    name: "storytelling-card-contest-open",
    template: T("storytelling/chat/contest-card"),
    context: { ruleset: "storytelling", ...contestCardContext(openContest, "Karen") },
    width: 300,
    height: 800,
    frame: "chat",
  },
  {
    name: "storytelling-roll-dialog-teamwork",
    title: charlesReq.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(charlesReq, teamValues, requestOdds, "publicroll", ROLL_MODES) as unknown as Record<string, unknown>,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  {
    name: "storytelling-card-teamwork-advanced",
    template: T("storytelling/chat/roll-card"),
    context: card("Charles", "Dexterity + Crafts", "pool", [
      cardRoll(resolvePool(5, [8, 9, 10, 2, 3, 5]), teamPool, teamLabels, { other: resolvePool(5, [8, 1, 2, 3, 4]) }),
    ]),
    width: 300,
    height: 800,
    frame: "chat",
  },
  {
    name: "storytelling-roll-dialog-cover",
    title: coverReq.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(coverReq, coverValues, requestOdds, "publicroll", ROLL_MODES) as unknown as Record<string, unknown>,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  {
    name: "storytelling-card-cover",
    template: T("storytelling/chat/roll-card"),
    context: card(pistol.name, "Dexterity + Firearms", "attack", [
      cardRoll(coverHit, coverPools[0].pool, atkLabels, {
        target: coverPools[0].target,
        band: coverPools[0].band,
        damage: { points: through.successes, type: "lethal" },
        buttonKey: 0,
        cover: { durability: 2, excess: 3, armor: coverPools[0].fullCover!.armor, result: through },
      }),
      cardRoll(resolvePool(coverPools[1].pool!.pool, [3, 4, 5, 6]), coverPools[1].pool, atkLabels, {
        target: coverPools[1].target,
        band: coverPools[1].band,
        damage: { points: 0, type: "lethal" },
        buttonKey: 1,
      }),
    ]),
    width: 300,
    height: 800,
    frame: "chat",
  },
  {
    name: "storytelling-card-extended",
    template: T("storytelling/chat/roll-card"),
    context: card(
      "Repair the chainsaw",
      "Wits + Crafts",
      "extended",
      [cardRoll(resolvePool(10, [8, 8, 1, 2, 3, 4, 5, 6, 7, 1]), { ...e7Pool, pool: 10 }, labels)],
      extendedProgress(extended, false),
    ),
    width: 300,
    height: 800,
    frame: "chat",
  },
];
