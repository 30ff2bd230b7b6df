/**
 * Gallery samples of the D6 templates, built from the D6 compendium sources with the same pure
 * context functions the sheets, dialog and cards use, and dice from the digest's worked examples.
 */
import { forcedDice } from "../../../src/core/dice";
import { rollD6, parseDieCode } from "../../../src/rules/d6";
import { explainD6Check } from "../../../src/rules/d6/explain";
import { actorSheetContext, itemSheetContext } from "../../../src/rules/table/sheet-context";
import { rollDialogContext } from "../../../src/foundry/dialogs/roll-dialog-context";
import { attackCheck, checkOdds, skillCheck } from "../../../src/rules/d6/table/checks";
import { DEFAULT_SETTINGS } from "../../../src/rules/d6/table/settings";
import { attackOutcomes, checkOutcome, diceFaces, planDamage, planDeathRoll, type D6CardContext } from "../../../src/rules/d6/table/cards";
import { deathRollCard, sideInitiativeCard } from "../../../src/rules/d6/table/combat";
import { d6ActorContext, d6ItemContext } from "../../../src/rules/d6/table/sheet-context";
import type { TargetInfo } from "../../../src/foundry/ruleset";
import { asActor, asItem, packDoc, thannik } from "../../glue/d6/fixtures";
import { bilingual, bilingualList, type GallerySample } from "../sample";
import { inLanguage, type PackDocLike } from "../languages";
import { Localizer } from "../../support/handlebars";
import { timerCardContext } from "../../../src/foundry/durations";
import { movementCard, movementOdds, movementRequest, resolveMovement } from "../../../src/rules/d6/table/movement/checks";
import {
  bactaCheck,
  bactaHealingResult,
  healingCard,
  isRefusal,
  medpacCheck,
  medpacHealingResult,
  naturalHealingCheck,
  naturalHealingResult,
  type HealingData,
} from "../../../src/rules/d6/table/healing/checks";

const readers = { en: new Localizer("en"), ru: new Localizer("ru") };
/** What the system localizes before rendering (titles, card lines), in the reader's language. */
const tIn = (language: "en" | "ru") => (key: string, data?: Record<string, string | number>) =>
  data ? readers[language].format(key, data) : readers[language].localize(key);

const T = (path: string) => `systems/omnibus/templates/${path}.hbs`;
const ROLL_MODES = {
  publicroll: { label: "CHAT.RollPublic" },
  gmroll: { label: "CHAT.RollPrivate" },
  blindroll: { label: "CHAT.RollBlind" },
  selfroll: { label: "CHAT.RollSelf" },
};
const CHAR_TABS = [
  { id: "main", label: "OMNIBUS.D6.Tab.Attributes", icon: "fa-solid fa-dice-d6" },
  { id: "combat", label: "OMNIBUS.D6.Tab.Combat", icon: "fa-solid fa-crosshairs" },
  { id: "items", label: "OMNIBUS.D6.Tab.Gear", icon: "fa-solid fa-suitcase" },
  { id: "notes", label: "OMNIBUS.Sheet.Tab.Notes", icon: "fa-solid fa-book" },
];
const CHAR_PARTS = [
  T("shared/actor-header"),
  T("shared/tabs"),
  T("d6/actor/main"),
  T("d6/actor/combat"),
  T("shared/items-tab"),
  T("shared/notes-tab"),
];
const VEHICLE_TABS = [
  { id: "vehicle", label: "OMNIBUS.D6.Tab.Vehicle", icon: "fa-solid fa-shuttle-space" },
  { id: "items", label: "OMNIBUS.D6.Tab.Gear", icon: "fa-solid fa-suitcase" },
  { id: "notes", label: "OMNIBUS.Sheet.Tab.Notes", icon: "fa-solid fa-book" },
];
const VEHICLE_PARTS = [T("shared/actor-header"), T("shared/tabs"), T("d6/actor/vehicle"), T("shared/items-tab"), T("shared/notes-tab")];
const ITEM_PARTS = [T("shared/item-header"), T("d6/item/details"), T("shared/item-description")];
const classes = (kind: string) => ["omnibus", "sheet", kind, "d6", "omnibus-d6"];

function characterSample(
  name: string,
  docName: string,
  tab: string,
  editMode: boolean,
  mutate?: (s: Record<string, unknown>) => void,
  extraItems: Array<[string, string]> = [],
): GallerySample {
  const doc = asActor(packDoc("d6-characters", docName));
  mutate?.(doc.system);
  for (const [pack, itemName] of extraItems) doc.items.push(asItem(packDoc(pack, itemName), doc.uuid));
  const base = actorSheetContext({
    ruleset: "d6",
    actor: {
      id: "a1",
      name: doc.name === "Thannik" ? "Thannik, Corellian freighter captain of the Ghtroc" : doc.name,
      img: doc.img,
      type: doc.type,
      system: doc.system,
      items: doc.items.map((i) => ({ ...i, sort: 0 })),
    },
    editable: true,
    editMode,
    tabs: CHAR_TABS,
    activeTab: tab,
    itemTypes: ["d6_equipment", "d6_forcepower", "d6_ability"],
    enrichedDescription: String(doc.system.description ?? ""),
  });
  return {
    name,
    template: CHAR_PARTS,
    context: { ...base, description: doc.system.description, ...d6ActorContext(base) },
    width: 720,
    height: 760,
    classes: classes("actor"),
  };
}

/** A premade as a reader of `language` sees it: the pack document prepared in that language (one language per page). */
function premadeSample(name: string, docName: string, tab: string): GallerySample {
  const source = packDoc("d6-characters", docName) as unknown as PackDocLike;
  return bilingual(
    (language) => {
      const doc = asActor(inLanguage(source, language) as unknown as Parameters<typeof asActor>[0]);
      const base = actorSheetContext({
        ruleset: "d6",
        actor: {
          id: "p1",
          name: doc.name,
          img: doc.img,
          type: doc.type,
          system: doc.system,
          items: doc.items.map((i) => ({ ...i, sort: 0 })),
        },
        editable: true,
        editMode: false,
        tabs: CHAR_TABS,
        activeTab: tab,
        itemTypes: ["d6_equipment", "d6_forcepower", "d6_ability"],
        enrichedDescription: String(doc.system.description ?? ""),
      });
      return {
        name,
        title: doc.name,
        template: CHAR_PARTS,
        context: { ...base, description: doc.system.description, ...d6ActorContext(base) },
        width: 720,
        height: 760,
        classes: classes("actor"),
      };
    },
    [source],
  );
}

function itemSample(name: string, pack: string, docName: string, editMode = false): GallerySample {
  const doc = packDoc(pack, docName);
  const base = itemSheetContext({
    ruleset: "d6",
    item: { id: doc._id, name: doc.name, img: doc.img, type: doc.type, system: structuredClone(doc.system) },
    editable: true,
    editMode,
    enrichedDescription: String(doc.system.description ?? ""),
  });
  return { name, template: ITEM_PARTS, context: { ...base, ...d6ItemContext(base) }, width: 540, height: 640, classes: classes("item") };
}

const vehicleDoc = asActor(packDoc("d6-vehicles", "Airspeeder"));
const vehicleBase = actorSheetContext({
  ruleset: "d6",
  actor: {
    id: "v1",
    name: vehicleDoc.name,
    img: vehicleDoc.img,
    type: vehicleDoc.type,
    system: vehicleDoc.system,
    items: vehicleDoc.items,
  },
  editable: true,
  editMode: false,
  tabs: VEHICLE_TABS,
  activeTab: "vehicle",
  itemTypes: ["d6_weapon", "d6_equipment"],
});

// T-72: Thannik, two actions, heavy blaster pistol at a target 15 m away (medium); T-58 dodge on another.
const shooter = thannik();
const pistol = shooter.items.find((i) => i.name === "Heavy blaster pistol")!;
const targets: TargetInfo[] = [
  {
    tokenUuid: "Scene.s.Token.t1",
    actorUuid: "Actor.leader",
    name: "Thug leader",
    img: "icons/svg/mystery-man.svg",
    distance: 15,
    units: "m",
  },
  {
    tokenUuid: "Scene.s.Token.t2",
    actorUuid: "Actor.trooper",
    name: "Штурмовик с очень длинным именем TK-421",
    img: "icons/svg/mystery-man.svg",
    distance: 6,
    units: "m",
  },
  {
    tokenUuid: "Scene.s.Token.t3",
    actorUuid: "Actor.far",
    name: "Sniper on the ridge",
    img: "icons/svg/mystery-man.svg",
    distance: 80,
    units: "m",
  },
];
const targetData = {
  "Actor.leader": { scale: "character" as const, reactions: [], isVehicle: false },
  "Actor.trooper": { scale: "character" as const, reactions: [{ skill: "dodge" as const, total: 27, full: false }], isVehicle: false },
  "Actor.far": { scale: "character" as const, reactions: [], isVehicle: false },
};
const attack = attackCheck(shooter, pistol, targets, targetData, DEFAULT_SETTINGS);
const attackValues = { ...attack.values, actions: 2 };

// The attack roll: 5D (6D − 1D): faces 4, 3, 2, 5 and a Wild Die 3 → 17 (T-72).
const attackRoll = rollD6(parseDieCode("5D"), forcedDice([4, 3, 2, 5, 3]));
const attackCard: D6CardContext = {
  title: attack.title,
  subtitle: attack.subtitle ?? "",
  img: "icons/svg/mystery-man.svg",
  dice: diceFaces(attackRoll),
  total: attackRoll.total,
  outcome: null,
  quality: null,
  complication: false,
  lines: [
    { label: "OMNIBUS.D6.Card.Code", value: "5D" },
    { label: "OMNIBUS.D6.Card.Actions", value: "−1D" },
  ],
  outcomes: attackOutcomes(attack.data.attack!.targets, "ranged", attackRoll.total, 0, DEFAULT_SETTINGS, true).outcomes,
  buttons: [{ action: "d6RollDamage", label: "OMNIBUS.D6.Card.RollDamage", icon: "fa-solid fa-burst" }],
};

// T-63: bargain unimproved → Perception 3D: dice 1, 2, Wild Die 2, one CP die 6 then 4 → 15.
const bargain = rollD6(parseDieCode("3D"), forcedDice([1, 2, 2, 6, 4]), { characterPoints: 1 });
const skillCard: D6CardContext = {
  title: "Perception (3D)",
  subtitle: "Thannik — bargain, unimproved",
  img: "icons/svg/mystery-man.svg",
  dice: diceFaces(bargain),
  total: bargain.total,
  ...checkOutcome(bargain.total, 13),
  complication: false,
  lines: [
    { label: "OMNIBUS.D6.Card.Code", value: "3D + 1 CP" },
    { label: "OMNIBUS.D6.Card.Difficulty", value: "13", secret: true },
  ],
  outcomes: [],
  buttons: [],
  // The Explain disclosure (shown open in the gallery, so the screenshot shows the steps and legend).
  explain: explainD6Check({ ...bargain, difficulty: 13, success: bargain.total >= 13, margin: bargain.total - 13 }),
  explainOpen: true,
};

// A Wild Die 1 under the default rule: 4D rolled 5, 3, 6 and a Wild 1 → the 1 and the 6 are removed.
const fumble = rollD6(parseDieCode("4D"), forcedDice([5, 3, 6, 1]));
const fumbleCard: D6CardContext = {
  ...skillCard,
  title: "Dodge (4D)",
  subtitle: "Thannik, wounded twice",
  dice: diceFaces(fumble),
  total: fumble.total,
  ...checkOutcome(fumble.total, 14),
  complication: fumble.complication,
  lines: [{ label: "OMNIBUS.D6.Card.WoundPenalty", value: "−2D" }],
  explain: explainD6Check({ ...fumble, difficulty: 14, success: fumble.total >= 14, margin: fumble.total - 14 }),
};

// T-34 / T-36: damage 16 against Strength 12 → wounded; 15 against 11 on a wounded stormtrooper → wounded twice.
const damageRoll = rollD6(parseDieCode("5D"), forcedDice([3, 4, 2, 5, 2]));
const p1 = planDamage(
  { actorUuid: "Actor.leader", name: "Thug leader", img: "", damageTotal: 16, resistTotal: 12, stun: false, vehicle: false },
  { woundLevel: "healthy" },
  DEFAULT_SETTINGS,
);
const p2 = planDamage(
  { actorUuid: "Actor.trooper", name: "Штурмовик TK-421", img: "", damageTotal: 15, resistTotal: 11, stun: false, vehicle: false },
  { woundLevel: "wounded" },
  DEFAULT_SETTINGS,
);
const damageCard: D6CardContext = {
  title: "Damage: Heavy blaster pistol",
  subtitle: "",
  img: "icons/svg/mystery-man.svg",
  dice: diceFaces(damageRoll),
  total: damageRoll.total,
  outcome: null,
  quality: null,
  complication: false,
  lines: [{ label: "OMNIBUS.D6.Card.DamageRoll", value: "5D → 16" }],
  outcomes: [
    {
      name: "Thug leader",
      img: "icons/svg/mystery-man.svg",
      distance: null,
      units: "",
      band: "OMNIBUS.D6.Card.DamageVsStrength",
      bandDetail: "16 − 12",
      result: `OMNIBUS.D6.DamageResult.${p1.result}`,
      tone: "failure",
      button: { action: "d6ApplyDamage", label: "OMNIBUS.D6.Card.Apply", icon: "fa-solid fa-heart-crack", data: { key: "0", index: 0 } },
    },
    {
      name: "Штурмовик TK-421",
      img: "icons/svg/mystery-man.svg",
      distance: null,
      units: "",
      band: "OMNIBUS.D6.Card.DamageVsStrength",
      bandDetail: "15 − 11",
      result: `OMNIBUS.D6.Wound.${p2.state}`,
      tone: "failure",
      button: { action: "d6ApplyDamage", label: "OMNIBUS.D6.Card.Apply", icon: "fa-solid fa-heart-crack", data: { key: "1", index: 1 } },
    },
  ],
  // Character Points on the Strength roll (cap 5), one button per target for its owner.
  buttons: [
    { action: "d6SpendResistCP", label: "OMNIBUS.D6.ResistCP.Button", icon: "fa-solid fa-star", detail: "Thug leader", data: { index: 0 } },
    {
      action: "d6SpendResistCP",
      label: "OMNIBUS.D6.ResistCP.Button",
      icon: "fa-solid fa-star",
      detail: "Штурмовик TK-421",
      data: { index: 1 },
    },
  ],
};

// A grenade landing among troopers (T-44 zones).
const grenadeCard: D6CardContext = {
  ...attackCard,
  title: "Fragmentation grenade (4D)",
  dice: diceFaces(rollD6(parseDieCode("4D"), forcedDice([3, 2, 4, 2]))),
  total: 11,
  lines: [{ label: "OMNIBUS.D6.Card.Deviation", value: "7 m, short, toward the thrower" }],
  outcomes: [
    {
      name: "Stormtrooper 1",
      img: "icons/svg/mystery-man.svg",
      distance: 7,
      units: "m",
      band: "OMNIBUS.D6.Card.BlastZone",
      bandDetail: "2D",
      result: "OMNIBUS.D6.Card.InBlast",
      tone: "neutral",
    },
    {
      name: "Stormtrooper 2",
      img: "icons/svg/mystery-man.svg",
      distance: 9.5,
      units: "m",
      band: "OMNIBUS.D6.Card.BlastZone",
      bandDetail: "2D",
      result: "OMNIBUS.D6.Card.InBlast",
      tone: "neutral",
    },
  ],
};

// Healing (§25): T-39 natural healing, T-40 a medpac on a wounded-twice stormtrooper, T-42 a bacta tank.
const DAY = 86_400;
function healSample(
  name: string,
  request: ReturnType<typeof naturalHealingCheck>,
  result: (h: HealingData) => ReturnType<typeof naturalHealingResult>,
  faces: number[],
  code: string,
  difficulty: number | null,
): GallerySample {
  if (isRefusal(request)) throw new Error(`gallery: ${name} refused: ${request.refused}`);
  const h = (request.data as { healing: HealingData }).healing;
  const r = rollD6(parseDieCode(code), forcedDice(faces));
  return bilingual((language) => {
    const context = healingCard(
      request,
      h,
      result(h),
      {
        dice: diceFaces(r),
        total: r.total,
        code,
        characterPoints: 0,
        difficulty,
        complication: r.complication,
        img: "icons/svg/mystery-man.svg",
      },
      tIn(language),
    );
    return { name, template: T("d6/chat/check-card"), context, width: 300, height: 800, frame: "chat" };
  });
}
const healer = thannik();
healer.items.push(asItem(packDoc("d6-equipment", "Medpac"), healer.uuid));
const woundedTrooper = { ...asActor(packDoc("d6-characters", "Stormtrooper")), unconscious: false };
woundedTrooper.system.woundLevel = "wounded_twice";
woundedTrooper.name = "Штурмовик TK-421 с очень длинным именем";
const incapacitated = asActor(packDoc("d6-characters", "Stormtrooper"));
incapacitated.system.woundLevel = "incapacitated";
const mortal = { ...asActor(packDoc("d6-characters", "Rebel soldier")), unconscious: false };
mortal.system.woundLevel = "mortally_wounded";
const medic = thannik();
medic.items.push({
  ...asItem(packDoc("d6-skills", "medicine"), medic.uuid),
  system: { ...packDoc("d6-skills", "medicine").system, code: { dice: 3, pips: 0 } },
});
const healingSamples: GallerySample[] = [
  healSample(
    "d6-card-natural-healing",
    naturalHealingCheck(incapacitated, 14 * DAY, false, "Natural healing"),
    (h) => naturalHealingResult(h, 10),
    [4, 3, 1],
    "3D+2",
    null,
  ),
  healSample(
    "d6-card-medpac",
    medpacCheck(
      healer,
      healer.items.find((i) => i.name === "Medpac")!,
      woundedTrooper,
      3 * DAY,
      DEFAULT_SETTINGS,
    ),
    (h) => medpacHealingResult(h, 9, 8, "wounded_twice"),
    [5, 4],
    "2D",
    8,
  ),
  healSample(
    "d6-card-bacta",
    bactaCheck(medic, asItem(packDoc("d6-equipment", "Bacta tank"), medic.uuid), mortal, 0, DEFAULT_SETTINGS),
    (h) => bactaHealingResult(h, true, { amount: 4, unit: "days" }),
    [2, 3, 4],
    "3D",
    3,
  ),
];

// The round: T-70 side initiative (a tie at 10 re-rolled: 14 vs 15) and a D-3 death roll (3 rounds, 2D = 2 → dies).
const death = planDeathRoll(2, 2);
const roundSamples: GallerySample[] = bilingualList((language) => {
  const tr = tIn(language);
  const initiativeCard = sideInitiativeCard(
    [
      { side: "1", roller: "Sev", code: { dice: 3, pips: 2 }, totals: [10, 14] },
      { side: "-1", roller: "Высокий человек в длинном плаще", code: { dice: 4, pips: 0 }, totals: [10, 15] },
    ],
    "-1",
    ["-1", "1"],
    (key) => tr(key),
    tr("OMNIBUS.D6.Initiative.Title"),
  );
  initiativeCard.buttons.push({ action: "d6ActLast", label: "OMNIBUS.D6.Initiative.ActLast", icon: "fa-solid fa-hourglass-end" });
  return [
    { name: "d6-card-side-initiative", template: T("d6/chat/check-card"), context: initiativeCard, width: 300, height: 800, frame: "chat" },
    {
      name: "d6-card-death-roll",
      template: T("d6/chat/check-card"),
      context: deathRollCard(
        "Stormtrooper TK-421",
        [1, 1],
        2,
        death.rounds,
        death.dies,
        tr("OMNIBUS.D6.DeathRoll.Title"),
        "icons/svg/mystery-man.svg",
      ),
      width: 300,
      height: 800,
      frame: "chat",
    },
    {
      // The turn's automation (durations.ts `expireTimers`): round 3 begins, and the active GM ends
      // the timers that ran out, each with its d6/timers.ts note: a stun taken in round 1 (this
      // round and the next, 000:L405), a character out for the minutes (000:L409), a Force Point's round (000:L831).
      name: "d6-card-timers",
      template: T("chat/check-card"),
      context: timerCardContext(
        [
          { name: "Sev", note: "OMNIBUS.D6.Timer.StunOver" },
          { name: "Высокий человек в длинном плаще", note: "OMNIBUS.D6.Timer.ComesTo" },
          { name: "Rhea", note: "OMNIBUS.D6.Timer.ForcePointOver" },
        ],
        (key) => tr(key),
      ),
      width: 300,
      height: 800,
      frame: "chat",
    },
  ];
});

const skillRequest = skillCheck(
  shooter,
  shooter.items.find((i) => i.name === "dodge")!,
  null,
  DEFAULT_SETTINGS,
);

// Movement (§30–31): T-5 (the airspeeder at cautious in a Very Difficult canyon, 23 ≥ 19) and
// T-24 (Thannik, running 4D, at high speed over a cratered field: 12 against 24, a minor fall).
const moveSpeeder = asActor(packDoc("d6-vehicles", "Airspeeder"));
Object.assign(moveSpeeder.system, { move: 200, maneuverability: { dice: 1, pips: 2 } });
(moveSpeeder.system.crew as Record<string, unknown>).pilotCode = { dice: 5, pips: 0 };
const movementSamples: GallerySample[] = bilingualList((language) => {
  const tr = tIn(language);
  const moveSpeederRequest = movementRequest(moveSpeeder, DEFAULT_SETTINGS, tr("OMNIBUS.D6.Movement.Title"));
  const moveSpeederValues = { ...moveSpeederRequest.values, speed: "cautious", terrain: "very_difficult", difficulty: 19 };
  const moveRunner = asActor(packDoc("d6-characters", "Thannik"));
  const moveRunnerRequest = movementRequest(
    { ...moveRunner, flags: { omnibus: { d6: { speed: "cruising" } } } },
    DEFAULT_SETTINGS,
    tr("OMNIBUS.D6.Movement.Title"),
  );
  const moveRunnerValues = { ...moveRunnerRequest.values, speed: "high", terrain: "difficult", difficulty: 24 };
  function moveRolled(code: string, faces: number[]) {
    const r = rollD6(parseDieCode(code), forcedDice(faces));
    return { dice: diceFaces(r), total: r.total, complication: r.complication };
  }
  return [
    {
      name: "d6-roll-dialog-movement",
      title: moveSpeederRequest.title,
      template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
      context: rollDialogContext(
        moveSpeederRequest,
        moveSpeederValues,
        (r, v) => movementOdds(r, v, DEFAULT_SETTINGS, true),
        "publicroll",
        ROLL_MODES,
      ) as unknown as Record<string, unknown>,
      width: 420,
      height: "auto",
      classes: ["omnibus", "omnibus-roll-dialog"],
    },
    {
      name: "d6-card-movement-vehicle",
      template: T("d6/chat/check-card"),
      context: movementCard(
        moveSpeederRequest,
        resolveMovement(moveSpeederRequest, moveSpeederValues, DEFAULT_SETTINGS),
        moveRolled("6D+2", [4, 4, 3, 3, 2, 5]),
        { img: moveSpeeder.img ?? "", seeDifficulty: true, hideSecrets: false },
        tr,
      ),
      width: 300,
      height: 800,
      frame: "chat",
    },
    {
      name: "d6-card-movement-fall",
      template: T("d6/chat/check-card"),
      context: movementCard(
        moveRunnerRequest,
        resolveMovement(moveRunnerRequest, moveRunnerValues, DEFAULT_SETTINGS),
        moveRolled("4D", [3, 3, 2, 4]),
        { img: moveRunner.img ?? "", seeDifficulty: true, hideSecrets: false },
        tr,
      ),
      width: 300,
      height: 800,
      frame: "chat",
    },
  ];
});
// The attack and skill dialogs: the odds' fact lines (each target's difficulty make-up, the code's
// penalties) are worded by the checks code, so each language builds its own (issue 14).
const dialogSamples: GallerySample[] = bilingualList((language) => {
  const tr = tIn(language);
  return [
    {
      name: "d6-roll-dialog-attack",
      title: attack.title,
      template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
      context: rollDialogContext(
        attack,
        attackValues,
        (r, v) => checkOdds(r, v, DEFAULT_SETTINGS, true, tr),
        "publicroll",
        ROLL_MODES,
      ) as unknown as Record<string, unknown>,
      width: 420,
      height: "auto",
      classes: ["omnibus", "omnibus-roll-dialog"],
    },
    {
      name: "d6-roll-dialog-skill",
      title: skillRequest.title,
      template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
      context: rollDialogContext(
        skillRequest,
        { ...skillRequest.values, difficultyLevel: "moderate", characterPoints: 2 },
        (r, v) => checkOdds(r, v, DEFAULT_SETTINGS, true, tr),
        "publicroll",
        ROLL_MODES,
      ) as unknown as Record<string, unknown>,
      width: 420,
      height: "auto",
      classes: ["omnibus", "omnibus-roll-dialog"],
    },
  ];
});
export const samples: GallerySample[] = [
  premadeSample("d6-premade-sheet", "Kessa Rhun", "main"),
  premadeSample("d6-premade-gear", "Kessa Rhun", "items"),
  characterSample("d6-character-attributes", "Thannik", "main", false),
  characterSample("d6-character-attributes-edit", "Thannik", "main", true, (s) => (s.woundLevel = "wounded_twice")),
  characterSample("d6-character-combat", "Thannik", "combat", false, (s) => Object.assign(s.round as object, { actions: 3, dodge: 15 })),
  characterSample("d6-npc-combat", "Stormtrooper", "combat", false),
  characterSample(
    "d6-character-healing",
    "Rebel soldier",
    "main",
    false,
    (s) => Object.assign(s, { woundLevel: "mortally_wounded", stuns: 1, roundsMortallyWounded: 2 }),
    [
      ["d6-equipment", "Medpac"],
      ["d6-equipment", "Bacta tank"],
    ],
  ),
  {
    name: "d6-vehicle-sheet",
    template: VEHICLE_PARTS,
    context: { ...vehicleBase, ...d6ActorContext(vehicleBase), currentSpeed: "OMNIBUS.D6.Speed.cruising" },
    width: 680,
    height: 640,
    classes: classes("actor"),
  },
  itemSample("d6-item-weapon", "d6-weapons", "Fragmentation grenade"),
  itemSample("d6-item-weapon-edit", "d6-weapons", "Heavy blaster pistol", true),
  itemSample("d6-item-skill", "d6-skills", "dodge", true),
  itemSample("d6-item-armor", "d6-armor", "Stormtrooper armor"),
  itemSample("d6-item-equipment", "d6-equipment", "Medpac"),
  ...dialogSamples,
  { name: "d6-card-skill", template: T("d6/chat/check-card"), context: skillCard, width: 300, height: 800, frame: "chat" },
  { name: "d6-card-wild-one", template: T("d6/chat/check-card"), context: fumbleCard, width: 300, height: 800, frame: "chat" },
  { name: "d6-card-attack", template: T("d6/chat/check-card"), context: attackCard, width: 300, height: 800, frame: "chat" },
  { name: "d6-card-grenade", template: T("d6/chat/check-card"), context: grenadeCard, width: 300, height: 800, frame: "chat" },
  { name: "d6-card-damage", template: T("d6/chat/damage-card"), context: damageCard, width: 300, height: 800, frame: "chat" },
  ...healingSamples,
  ...roundSamples,
  ...movementSamples,
];
void asItem;
