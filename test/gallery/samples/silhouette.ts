/**
 * Gallery samples of the Silhouette templates, built with the same plain context functions the
 * sheets, the roll dialog and the card builder call, from the silhouette-* packs (the sample
 * mercenary is built from the digest's worked examples) and forced dice.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { forcedDice } from "../../../src/core/dice";
import { readCheckFaces, rollFall, resolveAgainst } from "../../../src/rules/silhouette/index";
import {
  athleticsData,
  climbOdds,
  fallOdds,
  climbCard,
  climbRequest,
  fallCard,
  fallRequest,
  jumpCard,
  jumpRequest,
  planClimb,
  planFall,
  planJump,
} from "../../../src/rules/silhouette/table/athletics/checks";
import { chaseCard, chaseOdds, chaseRequest, planChase, type ChaseData } from "../../../src/rules/silhouette/table/chase/checks";
import { initiativeCardContext, type CardState } from "../../../src/rules/silhouette/table/cards";
import { holdRowContext } from "../../../src/rules/silhouette/table/combat";
import { rollInitiative } from "../../../src/rules/silhouette/index";
import { actorSheetContext, itemSheetContext, type ItemData } from "../../../src/rules/table/sheet-context";
import { rollDialogContext } from "../../../src/foundry/dialogs/roll-dialog-context";
import type { TargetInfo } from "../../../src/foundry/ruleset";
import { ACTOR_TABS, ITEM_TYPES, silhouetteActorContext, silhouetteItemContext } from "../../../src/rules/silhouette/table/sheet-context";
import { deriveCharacter, type ItemLike } from "../../../src/rules/silhouette/table/derive";
import {
  attackRequest,
  checkOdds,
  defenseOdds,
  defenseRequest,
  planPool,
  skillRequest,
  thresholdOf,
  type ActorFacts,
  type WeaponFacts,
} from "../../../src/rules/silhouette/table/checks";
import {
  attackCardState,
  cardContext,
  skillCardState,
  summarize,
  withDefense,
  type DefenseSummary,
} from "../../../src/rules/silhouette/table/cards";
import { DEFAULT_OPTIONS } from "../../../src/rules/silhouette/table/settings";
import { ROOT } from "../../support/handlebars";
import { bilingual, type GallerySample } from "../sample";
import { inLanguage, type PackDocLike } from "../languages";

const T = (path: string) => `systems/omnibus/templates/${path}.hbs`;
const ROLL_MODES = {
  publicroll: { label: "CHAT.RollPublic" },
  gmroll: { label: "CHAT.RollPrivate" },
  blindroll: { label: "CHAT.RollBlind" },
  selfroll: { label: "CHAT.RollSelf" },
};

interface PackDoc {
  _id: string;
  name: string;
  type: string;
  img?: string;
  system: Record<string, unknown>;
  items?: PackDoc[];
  flags?: { omnibus?: { nameRu?: string } };
}
export function packDocs(pack: string): PackDoc[] {
  const dir = join(ROOT, "packs", "_source", pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yml"))
    .sort()
    .map((f) => parse(readFileSync(join(dir, f), "utf8")) as PackDoc);
}

const mercenary = packDocs("silhouette-actors").find((a) => a.name === "Veteran mercenary")!;
const thug = packDocs("silhouette-actors").find((a) => a.name === "Thug")!;
const itemsOf = (actor: PackDoc): ItemData[] =>
  (actor.items ?? []).map((i, n) => ({ id: i._id, name: i.name, img: i.img ?? null, type: i.type, sort: n, system: i.system }));

const ACTOR_CLASSES = ["omnibus", "sheet", "actor", "silhouette", "omnibus-silhouette"];
const ITEM_CLASSES = ["omnibus", "sheet", "item", "silhouette", "omnibus-silhouette"];
const ACTOR_PARTS = [
  "shared/actor-header",
  "shared/tabs",
  "silhouette/actor/main",
  "silhouette/actor/skills",
  "silhouette/actor/combat",
  "shared/items-tab",
  "shared/notes-tab",
].map(T);
const ITEM_PARTS = ["shared/item-header", "silhouette/item/details", "shared/item-description"].map(T);

function actorSample(
  name: string,
  actor: PackDoc,
  tab: string,
  editMode: boolean,
  displayName = actor.name,
  language: "en" | "ru" = "en",
): GallerySample {
  const items = itemsOf(actor);
  const base = actorSheetContext({
    ruleset: "silhouette",
    actor: { id: actor._id, name: displayName, img: actor.img ?? null, type: actor.type, system: actor.system, items },
    editable: true,
    editMode,
    tabs: ACTOR_TABS,
    activeTab: tab,
    itemTypes: ITEM_TYPES,
    enrichedDescription: String(actor.system.description ?? ""),
  });
  return {
    name,
    template: ACTOR_PARTS,
    context: {
      ...base,
      description: actor.system.description,
      silhouette: silhouetteActorContext(base, items as ItemLike[], {}, language),
    } as unknown as Record<string, unknown>,
    width: 720,
    height: 740,
    classes: ACTOR_CLASSES,
  };
}

/** A premade from the pack as a reader of `language` sees it (one language per page). */
function premadeSample(name: string, docName: string, tab: string): GallerySample {
  const source = packDocs("silhouette-actors").find((a) => a.name === docName)!;
  return bilingual(
    (language) => {
      const doc = inLanguage(source as unknown as PackDocLike, language) as unknown as PackDoc;
      return { ...actorSample(name, doc, tab, false, doc.name, language), title: doc.name };
    },
    [source],
  );
}

function itemSample(name: string, pack: string, docName: string, editMode: boolean): GallerySample {
  const doc = packDocs(pack).find((d) => d.name === docName)!;
  const base = itemSheetContext({
    ruleset: "silhouette",
    item: { id: doc._id, name: doc.name, img: doc.img ?? null, type: doc.type, system: doc.system },
    editable: true,
    editMode,
    enrichedDescription: String(doc.system.description ?? ""),
  });
  return {
    name,
    template: ITEM_PARTS,
    context: { ...base, silhouette: silhouetteItemContext(base) } as unknown as Record<string, unknown>,
    width: 540,
    height: 600,
    classes: ITEM_CLASSES,
  };
}

/** The mercenary's facts as the checks see them (moved 12 m this round: jogging for Athletics 2, FIT +1). */
function facts(actor: PackDoc, moved: number | null): ActorFacts {
  const items = itemsOf(actor) as ItemLike[];
  const derived = deriveCharacter(actor.system as never, items);
  return {
    uuid: `Actor.${actor._id}`,
    name: actor.name,
    img: actor.img ?? "",
    skills: derived.skills,
    movement: derived.movement,
    maxSpeed: derived.maxSpeed,
    movedThisRound: moved,
    prone: false,
    balancing: derived.balancingPenalty,
  };
}

const merc = facts(mercenary, 12);
const rifleDoc = mercenary.items!.find((i) => i.name === "Assault rifle")!;
const rifle: WeaponFacts = {
  uuid: `Actor.${mercenary._id}.Item.${rifleDoc._id}`,
  name: "Assault rifle",
  img: rifleDoc.img ?? "",
  category: "ranged",
  skill: "firearms",
  damageMultiplier: Number(rifleDoc.system.damageMultiplier),
  accuracy: 0,
  rof: Number(rifleDoc.system.rof),
  ranges: rifleDoc.system.ranges as WeaponFacts["ranges"],
};
const targets: TargetInfo[] = [
  {
    tokenUuid: "Scene.s.Token.t1",
    actorUuid: `Actor.${thug._id}`,
    name: "Громила из банды «Ржавые крюки»",
    img: "icons/svg/mystery-man.svg",
    distance: 38.5,
    units: "m",
  },
  { tokenUuid: "Scene.s.Token.t2", actorUuid: "Actor.b", name: "Bodyguard", img: "icons/svg/mystery-man.svg", distance: 12, units: "m" },
];
const thugFacts = { defenseDice: 2, defenseAttribute: 0, movement: "walking" as const };

const attack = attackRequest(
  merc,
  rifle,
  targets,
  [thugFacts, { defenseDice: 5, defenseAttribute: 0, movement: "stationary" }],
  "Assault rifle — Firearms (4 +1)",
);
const attackValues = { ...attack.values, burst: 2 };
const skill = skillRequest(
  merc,
  merc.skills.find((s) => s.key === "athletics")!,
  [],
  "Athletics (2 +1)",
);
const skillValues = { ...skill.values, thresholdKind: "difficulty", threshold: 3, movement: "sprinting" };

// A skill check card: Athletics 2 dice [4,2], FIT +1, jogging −2 … (E34 reads the jump: result 4, FIT +1).
const jumpValues = { ...skill.values, movement: "stationary", thresholdKind: "difficulty", threshold: 3 };
const jumpPlan = planPool(skill, jumpValues, DEFAULT_OPTIONS);
const jumpThreshold = thresholdOf(jumpValues);
const jumpRoll = readCheckFaces(
  { dice: jumpPlan.dice, modifier: jumpPlan.modifier, threshold: jumpThreshold.threshold, opposed: jumpThreshold.opposed },
  [4, 2],
  DEFAULT_OPTIONS.check,
);
const skillCard = cardContext(skillCardState(skill, jumpValues, jumpPlan, jumpRoll, "Stationary"));

// An attack card: burst ROF 2 (recoil −1), walking 12 m (−1), firearms 4 dice [6,6,3,2] → 7.
const attackPlan = planPool(attack, attackValues, DEFAULT_OPTIONS);
const attackRoll = readCheckFaces({ dice: attackPlan.dice, modifier: attackPlan.modifier }, [6, 6, 3, 2], DEFAULT_OPTIONS.check);
const state = attackCardState(attack, attackValues, attackPlan, attackRoll, "Walking", DEFAULT_OPTIONS);
const defense: DefenseSummary = {
  faces: [3, 1],
  poolSize: 2,
  untrained: false,
  best: 3,
  extraSixes: 0,
  result: 3,
  fumble: false,
  modifier: 0,
  total: 3,
  skill: "defense",
  lines: [],
  defenderName: "Громила",
};
const defended = withDefense(state, "t0s0", defense, DEFAULT_OPTIONS);
(defended.attack!.targets[0].strikes[0] as { applied?: unknown }).applied = { wound: "heavy", damage: 40 };
const attackCard = cardContext(defended);

// A melee surprise attack that fumbles: Melee 3 vs Stealth 1 → 1 die, [1].
const bladeDoc = mercenary.items!.find((i) => i.name === "Long blade")!;
const blade: WeaponFacts = {
  ...rifle,
  uuid: "Item.blade",
  name: "Long blade",
  img: bladeDoc.img ?? "",
  category: "melee",
  skill: "melee",
  damageMultiplier: 8,
  rof: 0,
  ranges: { base: 0, medium: 0, long: 0, extreme: 0 },
};
const surprise = attackRequest(merc, blade, [targets[0]], [thugFacts], "Long blade — Melee (3 +1)");
const surpriseValues = { ...surprise.values, unaware: true, flurry: "quick", movement: "walking" };
const surprisePlan = planPool(surprise, surpriseValues, DEFAULT_OPTIONS);
const surpriseRoll = readCheckFaces({ dice: surprisePlan.dice, modifier: surprisePlan.modifier }, [1], DEFAULT_OPTIONS.check);
const surpriseCard = cardContext(attackCardState(surprise, surpriseValues, surprisePlan, surpriseRoll, "Walking", DEFAULT_OPTIONS));

// Walking fire, ROF 2 over two targets 2 m apart with a bystander between (E47: bystanders vs 3).
const walkTargets: TargetInfo[] = [targets[1], { ...targets[1], tokenUuid: "Scene.s.Token.t3", name: "Second bodyguard", distance: 12.2 }];
const walking = attackRequest(merc, rifle, walkTargets, [thugFacts, thugFacts], "Assault rifle — Firearms (4 +1)", {
  sweep: { order: [0, 1], gaps: [2] },
  bystanders: [
    { tokenUuid: "Scene.s.Token.t4", actorUuid: null, name: "Прохожий", img: "icons/svg/mystery-man.svg", distance: 12.04, units: "m" },
  ],
  zone: null,
});
const walkingValues = { ...walking.values, fireMode: "walking", burst: 2, movement: "stationary" };
const walkingPlan = planPool(walking, walkingValues, DEFAULT_OPTIONS);
const walkingState = attackCardState(
  walking,
  walkingValues,
  walkingPlan,
  readCheckFaces({ dice: walkingPlan.dice, modifier: walkingPlan.modifier }, [6, 5, 3, 2], DEFAULT_OPTIONS.check),
  "Stationary",
  DEFAULT_OPTIONS,
  { area: (walking.data as unknown as { fire: { bystanders: TargetInfo[] } }).fire.bystanders },
);
const walkingCard = cardContext(
  withDefense(
    walkingState,
    "b0s0",
    { ...defense, faces: [2, 1], best: 2, result: 2, total: 1, modifier: -1, defenderName: "Прохожий" },
    DEFAULT_OPTIONS,
  ),
);

// Suppressive fire, ROF 2 over a 5 m zone (E49: total 5 → effectiveness 7, WILL vs 4).
const zone = [targets[0], { ...targets[0], tokenUuid: "Scene.s.Token.t5", name: "Thug with a crowbar", distance: 39.5 }];
const suppress = attackRequest(merc, rifle, [targets[0]], [thugFacts], "Assault rifle — Firearms (4 +1)", {
  sweep: null,
  bystanders: [],
  zone: { distance: 38.5, normal: zone, doubled: zone },
});
const suppressValues = { ...suppress.values, fireMode: "suppressive", burst: 2, movement: "stationary", range: "base" };
const suppressPlan = planPool(suppress, suppressValues, DEFAULT_OPTIONS);
const suppressState = attackCardState(
  suppress,
  suppressValues,
  suppressPlan,
  readCheckFaces({ dice: suppressPlan.dice, modifier: suppressPlan.modifier - 1 }, [4, 3, 2, 1], DEFAULT_OPTIONS.check),
  "Stationary",
  DEFAULT_OPTIONS,
  { area: zone },
);
const suppressCard = cardContext(
  withDefense(suppressState, "z0s0", { ...defense, total: 4, result: 4, best: 4, faces: [4, 2] }, DEFAULT_OPTIONS),
);

// A grenade that misses by 1 and scatters 1 m back toward the thrower (E53); the fuse burns on.
const grenadeDoc = packDocs("silhouette-weapons").find((d) => d.name === "Grenade")!;
const grenadeWeapon: WeaponFacts = {
  ...rifle,
  uuid: "Item.grenade",
  name: "Grenade",
  img: grenadeDoc.img ?? "",
  category: "thrown",
  skill: "throwing",
  damageMultiplier: 25,
  rof: 0,
  ranges: { base: 5, medium: 10, long: 20, extreme: 40 },
  blastRadius: Number(grenadeDoc.system.blastRadius),
};
const grenadeRequest = attackRequest(merc, grenadeWeapon, [{ ...targets[0], distance: 4 }], [thugFacts], "Grenade — Throwing (2)");
const grenadeValues = { ...grenadeRequest.values, movement: "walking" };
const grenadePlan = planPool(grenadeRequest, grenadeValues, DEFAULT_OPTIONS);
const grenadeCard = cardContext(
  attackCardState(
    grenadeRequest,
    grenadeValues,
    grenadePlan,
    readCheckFaces({ dice: 2, modifier: -2 }, [1, 2], DEFAULT_OPTIONS.check),
    "Walking",
    DEFAULT_OPTIONS,
    {
      grenade: {
        fuse: summarize(readCheckFaces({ dice: 2, modifier: -2 }, [4, 5], DEFAULT_OPTIONS.check)),
        explodesOnImpact: false,
        mayExplodeInHand: false,
        landed: { onTarget: false, distance: 1, directionDie: 4, bearing: 180, towardThrower: true },
        blastRadius: Number(grenadeDoc.system.blastRadius),
        caught: [
          { name: "Громила из банды «Ржавые крюки»", img: "icons/svg/mystery-man.svg", distance: 1, units: "m" },
          { name: "Veteran mercenary", img: "icons/svg/mystery-man.svg", distance: 3, units: "m" },
        ],
      },
    },
  ),
);

// Melee in cramped quarters with a feint: Melee 3 drops 1 die; the thug's defense loses one too (E41).
const feintRequest = attackRequest(merc, { ...blade, long: true }, [targets[0]], [thugFacts], "Long blade — Melee (3 +1)");
const feintValues = { ...feintRequest.values, feint: 1, cramped: true, flurry: "quick", movement: "stationary" };
const feintPlan = planPool(feintRequest, feintValues, DEFAULT_OPTIONS);
const feintState = attackCardState(
  feintRequest,
  feintValues,
  feintPlan,
  readCheckFaces({ dice: feintPlan.dice, modifier: feintPlan.modifier }, [5, 3], DEFAULT_OPTIONS.check),
  "Stationary",
  DEFAULT_OPTIONS,
);
const feintCard = cardContext(
  withDefense(
    feintState,
    "t0s0",
    {
      ...defense,
      faces: [4],
      poolSize: 1,
      best: 4,
      result: 4,
      total: 3,
      modifier: -1,
      lines: [{ label: "OMNIBUS.Silhouette.Card.MovementMod", value: -1 }],
    },
    DEFAULT_OPTIONS,
  ),
);
// The thug's defense against the third attacker this round, giving up dice for three (E42) against a feint of 1.
const thugDefense = defenseRequest(
  merc,
  {
    messageId: "m",
    targetKey: "t0",
    strikeKey: "t0s1",
    attackKind: "armedMelee",
    attackTotal: 5,
    freeStrike: false,
    attackerIndex: 3,
    declaredAttackers: 3,
    feint: 1,
    skills: { defense: { level: 5, attribute: 0 }, melee: { level: 3, attribute: 1 }, handToHand: { level: 0, attribute: 0 } },
  },
  "Defense: Громила",
  "Against Long blade (total 5)",
);

// Athletics from the sheet: E34's jump, a climb that starts losing grip (E22), E31's softened fall.
const merc0 = facts(mercenary, null);
const athl = athleticsData({ ...merc0, fit: 1 }, null);
const cardBase = {
  version: 1 as const,
  subtitle: "",
  img: mercenary.img ?? "",
  actorUuid: merc0.uuid,
  lines: [],
  check: null,
  attack: null,
};
const jumpReq = jumpRequest(merc0, athl, "Jump");
const jumpReqValues = { ...jumpReq.values, dice: 2, movement: "sprinting" };
const jPlan = planJump(jumpReq, jumpReqValues);
const jRoll = readCheckFaces({ dice: 2, modifier: jPlan.modifier }, [4, 2], DEFAULT_OPTIONS.check);
const jumpCardCtx = cardContext({
  ...cardBase,
  kind: "jump",
  title: "Jump",
  roll: summarize(jRoll),
  athletics: jumpCard(jPlan, jRoll.result),
} as CardState);
const climbReq = climbRequest(merc0, athl, "Climb");
const climbValues = { ...climbReq.values, surface: "naturalRock", wet: true };
const cPlan = planClimb(climbReq, climbValues);
const cRoll = readCheckFaces({ dice: cPlan.dice, modifier: cPlan.modifier }, [4, 3], DEFAULT_OPTIONS.check);
const cOut = resolveAgainst(cRoll.total, cPlan.difficulty, { fumble: cRoll.fumble }, DEFAULT_OPTIONS.check);
const climbCardCtx = cardContext({
  ...cardBase,
  kind: "climb",
  title: "Climb",
  roll: summarize(cRoll),
  athletics: climbCard(cPlan, athl, [{ roll: summarize(cRoll), success: cOut.success, margin: cOut.margin, fumble: cRoll.fumble }]),
} as CardState);
const fallReq = fallRequest(merc0, athl, "Fall");
const fallValues = { ...fallReq.values, height: 5, soften: true, surface: "hard" };
const fPlan = planFall(fallReq, fallValues);
const fSoft = readCheckFaces({ dice: fPlan.softening!.dice, modifier: fPlan.softening!.modifier }, [3, 1], DEFAULT_OPTIONS.check);
const fResult = rollFall({ ...fPlan }, forcedDice([3, 1, 4, 2, 6, 1]), DEFAULT_OPTIONS.check);
const fallCardCtx = cardContext({
  ...cardBase,
  kind: "fall",
  title: "Fall",
  roll: summarize(fSoft),
  athletics: fallCard(
    fPlan,
    fResult,
    summarize(fSoft),
    fResult.roll
      ? { ...summarize(readCheckFaces({ dice: fResult.dice }, fResult.roll.faces, { ...DEFAULT_OPTIONS.check, fumbleRule: "never" })) }
      : null,
  ),
} as CardState);

// A chase exchange (E18 with a pursuer's mishap): 10 m, fleeing [5] + 30 = 35 vs pursuer [1] + 25 = 26, +1d6 [3] → 22 m, over a bench (4).
const chaseReq = chaseRequest(merc0, { ...merc0, name: "Громила", movement: { ...merc0.movement, sprint: 25 } }, "Chase", 10);
const chaseValues = {
  ...chaseReq.values,
  dice: 1,
  modifier: 0,
  speed: 30,
  opponentDice: 1,
  opponentModifier: 0,
  opponentSpeed: 25,
  obstacle: "benchOrBins",
};
const chPlan = planChase(chaseReq, chaseValues);
const chFleeing = summarize(readCheckFaces({ dice: 1, modifier: 0 }, [5], DEFAULT_OPTIONS.check));
const chPursuer = summarize(readCheckFaces({ dice: 1, modifier: 0 }, [1], DEFAULT_OPTIONS.check));
const chaseCardCtx = cardContext({
  ...cardBase,
  kind: "chase",
  title: "Chase",
  roll: chFleeing,
  athletics: chaseCard(chPlan, chaseReq.data as unknown as ChaseData, chFleeing, chPursuer, forcedDice([3])),
} as CardState);

export const samples: GallerySample[] = [
  premadeSample("silhouette-premade-sheet", "Field medic", "main"),
  premadeSample("silhouette-premade-gear", "Field medic", "items"),
  // Its movement, load and reach are fractions: the Russian page writes them with a decimal comma.
  bilingual((language) => actorSample("silhouette-character-main", mercenary, "main", false, mercenary.name, language)),
  actorSample("silhouette-character-skills-edit", mercenary, "skills", true),
  actorSample("silhouette-character-combat", mercenary, "combat", false, "Ветеран-наемник Карл «Шестерка» Иоганссон"),
  actorSample("silhouette-npc-items", thug, "items", false),
  itemSample("silhouette-item-skill", "silhouette-skills", "Athletics", false),
  itemSample("silhouette-item-weapon-edit", "silhouette-weapons", "Assault rifle", true),
  itemSample("silhouette-item-armour", "silhouette-armour", "Heavy armour", false),
  itemSample("silhouette-item-equipment", "silhouette-equipment", "Tray of full glasses", true),
  {
    name: "silhouette-roll-dialog-attack",
    title: attack.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(
      attack,
      attackValues,
      (r, v) => checkOdds(r, v, DEFAULT_OPTIONS),
      "publicroll",
      ROLL_MODES,
    ) as unknown as Record<string, unknown>,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  {
    name: "silhouette-roll-dialog-sprinting",
    title: skill.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(skill, skillValues, (r, v) => checkOdds(r, v, DEFAULT_OPTIONS), "gmroll", ROLL_MODES) as unknown as Record<
      string,
      unknown
    >,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  {
    name: "silhouette-card-skill",
    template: T("silhouette/chat/check"),
    context: skillCard as unknown as Record<string, unknown>,
    width: 300,
    height: 800,
    frame: "chat",
  },
  {
    name: "silhouette-card-attack",
    template: T("silhouette/chat/check"),
    context: attackCard as unknown as Record<string, unknown>,
    width: 300,
    height: 900,
    frame: "chat",
  },
  {
    name: "silhouette-card-walking-fire",
    template: T("silhouette/chat/check"),
    context: walkingCard as unknown as Record<string, unknown>,
    width: 300,
    height: 900,
    frame: "chat",
  },
  {
    name: "silhouette-card-suppressive-fire",
    template: T("silhouette/chat/check"),
    context: suppressCard as unknown as Record<string, unknown>,
    width: 300,
    height: 900,
    frame: "chat",
  },
  {
    name: "silhouette-card-grenade",
    template: T("silhouette/chat/check"),
    context: grenadeCard as unknown as Record<string, unknown>,
    width: 300,
    height: 800,
    frame: "chat",
  },
  {
    name: "silhouette-roll-dialog-walking-fire",
    title: walking.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(
      walking,
      walkingValues,
      (r, v) => checkOdds(r, v, DEFAULT_OPTIONS),
      "publicroll",
      ROLL_MODES,
    ) as unknown as Record<string, unknown>,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  {
    name: "silhouette-card-melee-feint",
    template: T("silhouette/chat/check"),
    context: feintCard as unknown as Record<string, unknown>,
    width: 300,
    height: 800,
    frame: "chat",
  },
  {
    name: "silhouette-roll-dialog-defense-several",
    title: thugDefense.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(
      thugDefense,
      thugDefense.values,
      (r, v) => defenseOdds(r, v, DEFAULT_OPTIONS),
      "publicroll",
      ROLL_MODES,
    ) as unknown as Record<string, unknown>,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  {
    name: "silhouette-card-jump",
    template: T("silhouette/chat/check"),
    context: jumpCardCtx as unknown as Record<string, unknown>,
    width: 300,
    height: 600,
    frame: "chat",
  },
  {
    name: "silhouette-card-climb-falls",
    template: T("silhouette/chat/check"),
    context: climbCardCtx as unknown as Record<string, unknown>,
    width: 300,
    height: 600,
    frame: "chat",
  },
  {
    name: "silhouette-card-chase",
    template: T("silhouette/chat/check"),
    context: chaseCardCtx as unknown as Record<string, unknown>,
    width: 300,
    height: 600,
    frame: "chat",
  },
  {
    name: "silhouette-roll-dialog-chase",
    title: chaseReq.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(
      chaseReq,
      chaseValues,
      (r, v) => chaseOdds(r, v, DEFAULT_OPTIONS),
      "publicroll",
      ROLL_MODES,
    ) as unknown as Record<string, unknown>,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  {
    name: "silhouette-card-fall",
    template: T("silhouette/chat/check"),
    context: fallCardCtx as unknown as Record<string, unknown>,
    width: 300,
    height: 700,
    frame: "chat",
  },
  {
    name: "silhouette-roll-dialog-fall",
    title: fallReq.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(
      fallReq,
      fallValues,
      (r, v) => fallOdds(r, v, DEFAULT_OPTIONS),
      "publicroll",
      ROLL_MODES,
    ) as unknown as Record<string, unknown>,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  {
    name: "silhouette-roll-dialog-climb",
    title: climbReq.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(
      climbReq,
      climbValues,
      (r, v) => climbOdds(r, v, DEFAULT_OPTIONS),
      "publicroll",
      ROLL_MODES,
    ) as unknown as Record<string, unknown>,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  {
    name: "silhouette-card-initiative",
    template: T("silhouette/chat/initiative"),
    context: initiativeCardContext(rollInitiative({ combatSense: 3 }, forcedDice([6, 6, 2]))) as unknown as Record<string, unknown>,
    width: 300,
    height: 300,
    frame: "chat",
  },
  {
    name: "silhouette-card-initiative-mishap",
    template: T("silhouette/chat/initiative"),
    context: initiativeCardContext(rollInitiative({ combatSense: 2 }, forcedDice([1, 1]))) as unknown as Record<string, unknown>,
    width: 300,
    height: 300,
    frame: "chat",
  },
  {
    name: "silhouette-card-initiative-pulled-together",
    template: T("silhouette/chat/initiative"),
    context: initiativeCardContext(rollInitiative({ combatSense: 2, pulledTogether: true }, forcedDice([]))) as unknown as Record<
      string,
      unknown
    >,
    width: 300,
    height: 300,
    frame: "chat",
  },
  // The combat tracker's row part (readied action and delay, 004:L13-16): a readied combatant's mark
  // with its stated trigger and its controls; the current combatant's ready and delay.
  {
    name: "silhouette-tracker-hold-readied",
    template: T("silhouette/combat/hold"),
    context: holdRowContext("readied", "Readied action: the first one to appear in the corridor", ["trigger", "drop"]) as never,
    contexts: {
      ru: holdRowContext("readied", "Заготовленное действие: первый, кто появится в коридоре", ["trigger", "drop"]) as never,
    },
    width: 300,
    height: 120,
  },
  {
    name: "silhouette-tracker-hold-turn",
    template: T("silhouette/combat/hold"),
    context: holdRowContext(null, "", ["ready", "delay"]) as never,
    width: 300,
    height: 120,
  },
  {
    name: "silhouette-card-surprise-mishap",
    template: T("silhouette/chat/check"),
    context: surpriseCard as unknown as Record<string, unknown>,
    width: 300,
    height: 800,
    frame: "chat",
  },
];
