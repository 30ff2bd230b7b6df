/**
 * The Storytelling rules options read from the world settings (specs and defaults:
 * src/rules/storytelling/table/settings.ts), falling back to the defaults before init.
 */
import { rulesetSetting } from "../settings";
import { DEFAULT_OPTIONS, type StorytellingOptions } from "../../rules/storytelling/table/settings";

/** The world's rules options (settings), with the digest's defaults when unset. */
export function worldOptions(): StorytellingOptions {
  const read = <T extends string | boolean>(key: string, fallback: T): T => {
    try {
      const v = rulesetSetting<T>("storytelling", key);
      return v === undefined || v === null ? fallback : v;
    } catch {
      return fallback;
    }
  };
  return {
    chanceDieUsesAgain: read("chanceDieUsesAgain", DEFAULT_OPTIONS.chanceDieUsesAgain),
    willpowerBeforeDodge: read("willpowerBeforeDodge", DEFAULT_OPTIONS.willpowerBeforeDodge),
    strengthShortfall: read<string>("strengthShortfall", DEFAULT_OPTIONS.strengthShortfall) === "perPoint" ? "perPoint" : "flat",
    successiveStep: read<string>("successiveStep", String(DEFAULT_OPTIONS.successiveStep)) === "2" ? 2 : 1,
    teamworkDramaticFailures: read<string>("teamworkDramaticFailures", DEFAULT_OPTIONS.teamworkDramaticFailures) === "once" ? "once" : "perHelper",
    contestDramaticFailure: read<string>("contestDramaticFailure", DEFAULT_OPTIONS.contestDramaticFailure) === "loses" ? "loses" : "opponentExceptional",
    roteScope: read<string>("roteScope", "allFailedDice") === "initialDice" ? "initialDice" : "allFailedDice",
  };
}
