/**
 * Gallery samples of the `wfrp` templates, built with the same plain context functions the sheets,
 * dialog and cards call, from the wfrp packs (the digest's example characters, weapons, armour).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { actorSheetContext, itemSheetContext } from "../../../src/rules/table/sheet-context";
import { rollDialogContext } from "../../../src/foundry/dialogs/roll-dialog-context";
import {
  ACTOR_TABS,
  ITEMS_TAB_TYPES,
  extendedProgress,
  wfrpActorContext,
  wfrpItemContext,
} from "../../../src/rules/wfrp/table/sheet-context";
import { buildRequest, oddsLines, specFor, type ActorView, type TargetView } from "../../../src/rules/wfrp/table/checks";
import { attackCardContext, testCardContext, type AttackState } from "../../../src/rules/wfrp/table/cards";
import { DEFAULT_RULES } from "../../../src/rules/wfrp/table/settings";
import {
  buildResponseRequest,
  opposedCardContext,
  recordResponse,
  responseOdds,
  type OpposedState,
} from "../../../src/rules/wfrp/table/opposed/checks";
import { resolveTest } from "../../../src/rules/wfrp/index";
import { ROOT } from "../../support/handlebars";
import { bilingual, type GallerySample } from "../sample";
import { inLanguage, type PackDocLike } from "../languages";

const T = (path: string) => `systems/omnibus/templates/${path}.hbs`;
const langFiles = {
  en: JSON.parse(readFileSync(join(ROOT, "lang", "en.json"), "utf8")),
  ru: JSON.parse(readFileSync(join(ROOT, "lang", "ru.json"), "utf8")),
};

/** The reader's localize, for the already-localized strings a request or card carries (titles, labels). */
function tIn(language: "en" | "ru") {
  return (key: string, data: Record<string, string | number> = {}): string => {
    const value = key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], langFiles[language]);
    if (typeof value !== "string") throw new Error(`missing ${key}`);
    return value.replace(/\{(\w+)\}/g, (_, k: string) => String(data[k] ?? ""));
  };
}
const t = tIn("en");

type Doc = { _id: string; name: string; type: string; img?: string; system: Record<string, unknown>; items?: Doc[] };
/** A pack's sources; "wfrp-examples" is the rules' worked-example characters (test fixtures, not a pack). */
export function packDocs(pack: string): Doc[] {
  const dir = pack === "wfrp-examples" ? join(ROOT, "test", "fixtures", "wfrp-examples") : join(ROOT, "packs", "_source", pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yml"))
    .map((f) => parse(readFileSync(join(dir, f), "utf8")) as Doc);
}
const byName = (pack: string, name: string) => {
  const doc = packDocs(pack).find((d) => d.name === name);
  if (!doc) throw new Error(`${pack}: no ${name}`);
  return doc;
};

export function actorViewOf(doc: Doc, patch: Record<string, unknown> = {}): ActorView {
  return {
    uuid: `Actor.${doc._id}`,
    name: doc.name,
    img: doc.img ?? "",
    type: doc.type,
    system: { ...doc.system, ...patch },
    items: (doc.items ?? []).map((i) => ({ id: i._id, name: i.name, type: i.type, img: i.img ?? null, system: i.system })),
  };
}

const ROLL_MODES = {
  publicroll: { label: "CHAT.RollPublic" },
  gmroll: { label: "CHAT.RollPrivate" },
  blindroll: { label: "CHAT.RollBlind" },
  selfroll: { label: "CHAT.RollSelf" },
};
const ACTOR_PARTS = [
  T("shared/actor-header"),
  T("shared/tabs"),
  T("wfrp/actor/main"),
  T("wfrp/actor/skills"),
  T("wfrp/actor/combat"),
  T("shared/items-tab"),
  T("shared/notes-tab"),
];
const ITEM_PARTS = [T("shared/item-header"), T("wfrp/item/details"), T("shared/item-description")];
const ACTOR_CLASSES = ["omnibus", "sheet", "actor", "wfrp", "omnibus-wfrp"];
const ITEM_CLASSES = ["omnibus", "sheet", "item", "wfrp", "omnibus-wfrp"];

const salundra = byName("wfrp-examples", "Salundra von Drakenburg");
const cultist = byName("wfrp-examples", "Cultist of the Blood God");
const perdita = byName("wfrp-examples", "Perdita");
const officer = byName("wfrp-examples", "Guard Officer");

function actorSample(
  name: string,
  doc: Doc,
  tab: string,
  editMode: boolean,
  patch: Record<string, unknown> = {},
  statuses: string[] = [],
): GallerySample {
  const view = actorViewOf(doc, patch);
  const base = actorSheetContext({
    ruleset: "wfrp",
    actor: {
      id: doc._id,
      name: doc.name,
      img: doc.img,
      type: doc.type,
      system: view.system,
      items: view.items.map((i) => ({ ...i, system: i.system })),
    },
    editable: true,
    editMode,
    tabs: ACTOR_TABS,
    activeTab: tab,
    itemTypes: ITEMS_TAB_TYPES,
    enrichedDescription: String(doc.system.description ?? ""),
  });
  return {
    name,
    title: doc.name,
    template: ACTOR_PARTS,
    context: { ...base, description: String(doc.system.description ?? ""), ...wfrpActorContext(base, statuses) },
    width: 760,
    height: 760,
    classes: ACTOR_CLASSES,
  };
}

/** A premade from the pack as a reader of `language` sees it (one language per page). */
function premadeSample(name: string, docName: string, tab: string): GallerySample {
  const source = byName("wfrp-characters", docName);
  return bilingual(
    (language) => ({ ...actorSample(name, inLanguage(source as unknown as PackDocLike, language) as unknown as Doc, tab, false) }),
    [source],
  );
}

function itemSample(name: string, doc: Doc, editMode: boolean): GallerySample {
  const base = itemSheetContext({
    ruleset: "wfrp",
    item: { id: doc._id, name: doc.name, img: doc.img, type: doc.type, system: doc.system },
    editable: true,
    editMode,
    enrichedDescription: String(doc.system.description ?? ""),
  });
  return {
    name,
    title: doc.name,
    template: ITEM_PARTS,
    context: { ...base, ...wfrpItemContext(base) },
    width: 560,
    height: 660,
    classes: ITEM_CLASSES,
  };
}

const targetOf = (doc: Doc, distance: number | null, units = "yd"): TargetView => ({
  tokenUuid: `Scene.s.Token.${doc._id}`,
  actorUuid: `Actor.${doc._id}`,
  name: doc.name,
  img: doc.img ?? "",
  distance,
  units,
  actor: actorViewOf(doc),
});

// Roll dialogs
const skillRequest = buildRequest({
  actor: actorViewOf(salundra, { conditions: { fatigued: 1 } }),
  kind: "skill",
  dataset: { itemId: salundra.items!.find((i) => i.name === "Intimidate")!._id },
  targets: [],
  rules: DEFAULT_RULES,
  t,
});
const meleeRequest = buildRequest({
  actor: actorViewOf(salundra, { advantage: 2 }),
  kind: "attack",
  dataset: { itemId: salundra.items!.find((i) => i.type === "wfrp_weapon")!._id },
  targets: [targetOf(cultist, 1.5, "m")],
  rules: DEFAULT_RULES,
  t,
});
const rangedRequest = buildRequest({
  actor: actorViewOf(perdita),
  kind: "attack",
  dataset: { itemId: perdita.items!.find((i) => i.type === "wfrp_weapon")!._id },
  targets: [targetOf(cultist, 20), targetOf(officer, 120)],
  rules: DEFAULT_RULES,
  t,
});
const dialog = (name: string, request: ReturnType<typeof buildRequest>): GallerySample => ({
  name,
  title: request.title,
  template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
  context: rollDialogContext(
    request,
    request.values,
    (r, v) => oddsLines(r, v, DEFAULT_RULES),
    "publicroll",
    ROLL_MODES,
  ) as unknown as Record<string, unknown>,
  width: 420,
  height: "auto",
  classes: ["omnibus", "omnibus-roll-dialog"],
});

// Test cards: V6 (Salundra's Intimidate 47 rolls 04 → +4 SL) and V3b (Perception 39 rolls 89 → −5 SL)
const v6 = resolveTest({ value: 47 }, 4);
const v3b = resolveTest({ value: 39 }, 89);
const crit = resolveTest({ value: 45 }, 44, { critsOnDoubles: true });
/** A test card as the system builds it (title: the skill's name; subtitle: "tester · value"), in each reader's language. */
const testCard = (name: string, skillKey: string, tester: string, result: ReturnType<typeof resolveTest>, value: number): GallerySample =>
  bilingual((language) => {
    const tr = tIn(language);
    return {
      name,
      template: T("wfrp/chat/test-card"),
      context: {
        ruleset: "wfrp",
        ...testCardContext({
          title: tr(skillKey),
          subtitle: `${tester} · ${value}`,
          img: "icons/svg/mystery-man.svg",
          result,
          spec: { value, difficulty: "challenging" },
          difficultyLabel: tr("OMNIBUS.WFRP.Difficulty.challenging"),
        }),
      },
      width: 300,
      height: 600,
      frame: "chat",
    };
  });

// Attack cards: the state a melee attack goes through, and a ranged attack at two targets.
function meleeState(defence: AttackState["targets"][0]["defence"], applied: AttackState["targets"][0]["applied"] = null): AttackState {
  const values = meleeRequest.values;
  const w = (meleeRequest.data as { weapon: AttackState["weapon"] & { itemId?: string; img?: string } }).weapon;
  return {
    version: 1,
    attacker: { uuid: "Actor.s", name: salundra.name, img: "icons/svg/mystery-man.svg", strengthBonus: 3 },
    weapon: {
      kind: w.kind,
      damage: w.damage,
      addsStrengthBonus: w.addsStrengthBonus,
      qualities: w.qualities,
      flaws: w.flaws,
      name: w.name,
    },
    roll: 13,
    charging: false,
    spec: specFor(meleeRequest, values, null),
    options: DEFAULT_RULES.combat,
    opposed: DEFAULT_RULES.opposed,
    targets: [
      {
        tokenUuid: "Scene.s.Token.c",
        actorUuid: "Actor.c",
        name: cultist.name,
        img: "icons/svg/mystery-man.svg",
        distance: 1.5,
        units: "m",
        yards: 1.64,
        band: null,
        outOfRange: false,
        spec: specFor(meleeRequest, values, 0),
        opposed: true,
        defence,
        applied,
      },
    ],
  };
}
const rangedValues = rangedRequest.values;
const rangedState: AttackState = {
  version: 1,
  attacker: { uuid: "Actor.p", name: perdita.name, img: "icons/svg/mystery-man.svg", strengthBonus: 3 },
  weapon: { kind: "ranged", damage: 3, addsStrengthBonus: true, range: 50, qualities: [], flaws: [], name: "Bow" },
  roll: 36,
  charging: false,
  spec: specFor(rangedRequest, rangedValues, null),
  options: DEFAULT_RULES.combat,
  opposed: DEFAULT_RULES.opposed,
  targets: [0, 1].map((i) => {
    const d = (rangedRequest.data as { targets: Array<{ yards: number; band: AttackState["targets"][0]["band"]; outOfRange: boolean }> })
      .targets[i];
    const target = rangedRequest.targets[i];
    return {
      tokenUuid: target.tokenUuid,
      actorUuid: target.actorUuid,
      name: target.name,
      img: target.img,
      distance: target.distance,
      units: target.units,
      yards: d.yards,
      band: d.band,
      outOfRange: d.outOfRange,
      spec: specFor(rangedRequest, rangedValues, i),
      opposed: false,
      defence: null,
      applied: null,
    };
  }),
};
const untargeted: AttackState = { ...rangedState, targets: [], roll: 77 };
const attackCard = (name: string, state: AttackState): GallerySample => ({
  name,
  template: T("wfrp/chat/attack-card"),
  context: { ruleset: "wfrp", ...attackCardContext(state) },
  width: 300,
  height: 900,
  frame: "chat",
});
const defenceSpec = { value: 40, difficulty: "challenging" as const, modifier: 0 };

// Opposed tests outside combat: V6 (Salundra's Intimidate 47 rolls 04 against the officer's
// Leadership 46 rolling 16) and V7 (Endurance 46 rolls 21 against Fat Tom's 63 rolling 91), one card.
const tom = byName("wfrp-examples", "Fat Tom Brandysnap");
function opposedState(
  skill: string,
  value: number,
  roll: number,
  targets: Doc[],
  finalTie: "stalemate" | "reroll" = "stalemate",
): OpposedState {
  return {
    version: 1,
    tester: {
      uuid: "Actor.s",
      name: salundra.name,
      img: "icons/svg/mystery-man.svg",
      label: t(`OMNIBUS.WFRP.Skill.${skill}`),
      tested: `skill:${skill}`,
      characteristic: "fel",
      spec: { value, difficulty: "challenging", modifier: 0 },
    },
    roll,
    options: DEFAULT_RULES.test,
    opposed: { ...DEFAULT_RULES.opposed, finalTie },
    targets: targets.map((d) => ({
      tokenUuid: `Scene.s.Token.${d._id}`,
      actorUuid: `Actor.${d._id}`,
      name: d.name,
      img: "icons/svg/mystery-man.svg",
      response: null,
    })),
  };
}
const v6Opposed = opposedState("intimidate", 47, 4, [officer, tom]);
const v6Answered = recordResponse(v6Opposed, 0, actorViewOf(officer), { tested: "skill:leadership" }, [16], t);
const v7Answered = recordResponse(opposedState("endurance", 46, 21, [tom]), 0, actorViewOf(tom), { tested: "skill:endurance" }, [91], t);
const tieRerolled = recordResponse(
  opposedState("intimidate", 47, 4, [salundra], "reroll"),
  0,
  actorViewOf(salundra),
  { tested: "skill:intimidate" },
  [4, 50, 30],
  t,
);
const opposedCard = (name: string, state: OpposedState): GallerySample => ({
  name,
  template: T("wfrp/chat/opposed-card"),
  context: { ruleset: "wfrp", ...opposedCardContext(state) },
  width: 300,
  height: 700,
  frame: "chat",
});
const responseRequest = buildResponseRequest({
  defender: actorViewOf(tom),
  state: opposedState("endurance", 46, 21, [tom]),
  index: 0,
  messageId: "m1",
  rules: DEFAULT_RULES,
  t,
});

// Extended tests: V8 (Molly's Pick Lock, 5 SL within 3 rolls) on the item sheet and on the card of its last roll (42 → +1, total 5).
const lockTracker = {
  _id: "ext1",
  name: "Pick the cellar lock",
  type: "wfrp_extended",
  system: {
    skill: "pickLock",
    characteristic: "dex",
    difficulty: "challenging",
    requiredSL: 5,
    accumulated: 4,
    rollsMade: 2,
    maxRolls: 3,
    status: "inProgress",
    description: "<p>Before the guard comes back.</p>",
  },
};
const v8Last = resolveTest({ value: 58 }, 42);
const v9 = resolveTest({ value: 59, difficulty: "difficult", modifier: 20 }, 74);

export const samples: GallerySample[] = [
  premadeSample("wfrp-premade-sheet", "Konrad Vogt", "main"),
  premadeSample("wfrp-premade-skills", "Konrad Vogt", "skills"),
  actorSample("wfrp-character-main", salundra, "main", false, { advantage: 2, conditions: { bleeding: 2, prone: 1 } }),
  actorSample("wfrp-character-main-edit", salundra, "main", true),
  actorSample("wfrp-character-skills", salundra, "skills", false),
  actorSample("wfrp-character-combat", salundra, "combat", false, { onTheDefensive: "melee", advantage: 1 }, ["stunned"]),
  // Conditions with a count on the combat tab (Bleeding ×2, Fatigued ×3) as the token HUD sets them.
  actorSample("wfrp-character-combat-conditions", salundra, "combat", false, { conditions: { bleeding: 2, fatigued: 3 } }),
  actorSample("wfrp-character-items", byName("wfrp-examples", "Tollich"), "items", false),
  actorSample("wfrp-npc-main", cultist, "main", false),
  actorSample("wfrp-npc-combat-ranged", perdita, "combat", false),
  itemSample("wfrp-item-weapon", byName("wfrp-weapons", "Halberd"), false),
  itemSample("wfrp-item-weapon-ranged-edit", byName("wfrp-weapons", "Longbow"), true),
  itemSample("wfrp-item-armour", byName("wfrp-armour", "Mail Coat"), false),
  itemSample("wfrp-item-skill-edit", byName("wfrp-skills", "Perform (Any)"), true),
  itemSample("wfrp-item-talent", byName("wfrp-talents", "Combat Aware"), false),
  itemSample("wfrp-item-talent-edit", byName("wfrp-talents", "Warrior Born"), true),
  itemSample(
    "wfrp-item-trapping",
    {
      _id: "trap1",
      name: "Rope, 10 yards",
      type: "wfrp_trapping",
      system: { quantity: 1, encumbrance: 1, description: "<p>Hemp rope.</p>" },
    },
    false,
  ),
  itemSample("wfrp-item-condition", byName("wfrp-conditions", "Surprised"), false),
  dialog("wfrp-roll-dialog-skill", skillRequest),
  dialog("wfrp-roll-dialog-melee", meleeRequest),
  dialog("wfrp-roll-dialog-ranged", rangedRequest),
  testCard("wfrp-test-card-success", "OMNIBUS.WFRP.Skill.intimidate", salundra.name, v6, 47),
  testCard("wfrp-test-card-failure", "OMNIBUS.WFRP.Skill.perception", "Eichengard", v3b, 39),
  testCard("wfrp-test-card-critical", "OMNIBUS.WFRP.Skill.melee", "Тяжеловооружённый рыцарь ордена Пылающего Солнца", crit, 45),
  itemSample("wfrp-item-extended", lockTracker, false),
  itemSample("wfrp-item-extended-edit", lockTracker, true),
  {
    name: "wfrp-test-card-extended",
    template: T("wfrp/chat/test-card"),
    context: {
      ruleset: "wfrp",
      ...testCardContext({
        title: lockTracker.name,
        subtitle: "Molly · tests 58",
        img: "icons/svg/mystery-man.svg",
        result: v8Last,
        spec: { value: 58, difficulty: "challenging" },
        difficultyLabel: t("OMNIBUS.WFRP.Difficulty.challenging"),
        extended: { ...extendedProgress({ ...lockTracker.system, accumulated: 5, rollsMade: 3, status: "complete" }), added: "+1" },
      }),
    },
    width: 300,
    height: 600,
    frame: "chat",
  },
  {
    name: "wfrp-test-card-assisted",
    template: T("wfrp/chat/test-card"),
    context: {
      ruleset: "wfrp",
      ...testCardContext({
        title: "Perception",
        subtitle: "Ademar · tests 59",
        img: "icons/svg/mystery-man.svg",
        result: v9,
        spec: { value: 59, difficulty: "difficult", modifier: 20 },
        difficultyLabel: t("OMNIBUS.WFRP.Difficulty.difficult"),
        helpers: { counted: 2, bonus: 20 },
      }),
    },
    width: 300,
    height: 600,
    frame: "chat",
  },
  dialog(
    "wfrp-roll-dialog-opposed-assisted",
    buildRequest({
      actor: actorViewOf(salundra),
      kind: "skill",
      dataset: { itemId: salundra.items!.find((i) => i.name === "Intimidate")!._id },
      targets: [targetOf(officer, 3, "m")],
      rules: DEFAULT_RULES,
      t,
    }),
  ),
  opposedCard("wfrp-opposed-card-waiting", v6Opposed),
  opposedCard("wfrp-opposed-card-answered", v6Answered),
  opposedCard("wfrp-opposed-card-v7", v7Answered),
  opposedCard("wfrp-opposed-card-rerolled", tieRerolled),
  {
    name: "wfrp-roll-dialog-response",
    title: responseRequest.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(responseRequest, responseRequest.values, responseOdds, "publicroll", ROLL_MODES) as unknown as Record<
      string,
      unknown
    >,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  attackCard("wfrp-attack-card-awaiting", meleeState(null)),
  attackCard("wfrp-attack-card-resolved", meleeState({ skill: "melee", spec: defenceSpec, roll: 27, defensiveWeapon: false })),
  attackCard(
    "wfrp-attack-card-applied",
    meleeState(
      { skill: "dodge", spec: defenceSpec, roll: 27, defensiveWeapon: false },
      { woundsLost: 7, wounds: 5, armourPoints: 1, toughnessBonus: 3, reducedToZero: false, critical: false },
    ),
  ),
  attackCard("wfrp-attack-card-ranged", rangedState),
  attackCard("wfrp-attack-card-ranged-dodge", { ...rangedState, targets: rangedState.targets.map((t, i) => ({ ...t, opposed: i === 0 })) }),
  attackCard(
    "wfrp-attack-card-rerolled",
    meleeState({ skill: "melee", spec: defenceSpec, roll: 13, defensiveWeapon: false, rerolls: [20, 80] }),
  ),
  attackCard("wfrp-attack-card-untargeted", untargeted),
  {
    name: "wfrp-round-end-card",
    template: T("wfrp/chat/round-end-card"),
    context: {
      ruleset: "wfrp",
      rows: [
        {
          name: salundra.name,
          img: "icons/svg/mystery-man.svg",
          ablazeRoll: 7,
          woundsLost: { ablaze: 4, bleeding: 2, poisoned: 0 },
          wounds: 6,
          conditions: { ablaze: 1, bleeding: 2 },
          bleedingDeathChance: 0,
        },
        {
          name: "Культист Кровавого Бога",
          img: "icons/svg/mystery-man.svg",
          ablazeRoll: null,
          woundsLost: { ablaze: 0, bleeding: 1, poisoned: 0 },
          wounds: 0,
          conditions: { bleeding: 1, unconscious: 1 },
          bleedingDeathChance: 10,
        },
      ],
    },
    width: 300,
    height: 600,
    frame: "chat",
  },
];
