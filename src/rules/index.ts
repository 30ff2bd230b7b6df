/** The rulesets Omnibus plays. The id is used in document types, settings, i18n keys and the CLI. */
export const RULESET_IDS = ["d6", "storytelling", "wfrp", "silhouette"] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

export function isRulesetId(value: unknown): value is RulesetId {
  return typeof value === "string" && (RULESET_IDS as readonly string[]).includes(value);
}
