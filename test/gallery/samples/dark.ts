// Foundry v13's dark theme (issue 14, accessibility): a card, a dialog and a sheet of every ruleset
// again with `.theme-dark`, so axe-core checks the system's colours against dark panels too.
import type { GallerySample } from "../sample";
import { samples as d6 } from "./d6";
import { samples as shared } from "./shared";
import { samples as silhouette } from "./silhouette";
import { samples as storytelling } from "./storytelling";
import { samples as wfrp } from "./wfrp";

const DARK = [
  "d6-character-combat",
  "d6-roll-dialog-attack",
  "d6-card-skill",
  "d6-card-attack",
  "d6-card-damage",
  "storytelling-character-traits",
  "storytelling-card-pool",
  "storytelling-card-contest",
  "wfrp-character-main",
  "wfrp-test-card-critical",
  "wfrp-attack-card-resolved",
  "wfrp-opposed-card-answered",
  "silhouette-character-main",
  "silhouette-card-attack",
  "shared-actor-sheet-effects",
  "shared-roll-dialog-effects",
];

const all = [...d6, ...shared, ...silhouette, ...storytelling, ...wfrp];

export const samples: GallerySample[] = DARK.map((name) => {
  const sample = all.find((s) => s.name === name);
  if (!sample) throw new Error(`dark gallery: no sample named ${name}`);
  return { ...sample, name: `${name}-dark`, theme: "dark" };
});
