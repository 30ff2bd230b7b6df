/**
 * The test options the rules offer as alternatives (digest §6.6). Each is a world setting on the
 * Foundry side; here it is a parameter with the seed's rule (or the digest's recommendation) as default.
 */
import { describeValue, OmnibusError, requireInt } from "../../core/errors";

export interface TestOptions {
  /** Rolls up to this value always succeed (003:L60); default 5, the common variant is 1 (003:L64); 0 = none. */
  autoSuccessMax: number;
  /** Rolls from this value up always fail (003:L60); default 96; 101 = none. */
  autoFailMin: number;
  /** Option "Fast SL" (003:L140-142): a success takes the roll's tens digit as SL. */
  fastSL: boolean;
  /** Option "Tests over 100 %" (003:L116-122): +1 SL on a success per full 10 over 100. */
  testsOver100: boolean;
  /**
   * Doubles are criticals (on a success) and fumbles (on a failure). In combat this is the rule;
   * for other tests it is the option "Criticals and Fumbles" (003:L157-161), off by default. A
   * critical takes the Astounding Success label and a fumble Astounding Failure; SL is unchanged
   * (digest §7 item 7).
   */
  critsOnDoubles: boolean;
  /**
   * SL on an automatic failure (003:L138): "min" = min(SL, −1), the published rule and the default
   * (digest §7 item 2); "literalMax" = max(SL, −1), the seed's literal "whichever is greater".
   */
  autoFailSL: "min" | "literalMax";
}

export const DEFAULT_TEST_OPTIONS: Readonly<TestOptions> = Object.freeze({
  autoSuccessMax: 5,
  autoFailMin: 96,
  fastSL: false,
  testsOver100: false,
  critsOnDoubles: false,
  autoFailSL: "min",
});

/** Fills defaults and validates; throws badArgument on out-of-range or contradictory values. */
export function testOptions(partial: Partial<TestOptions> = {}): TestOptions {
  if (typeof partial !== "object" || partial === null)
    throw new OmnibusError("badArgument", "test options must be an object", { name: "options" });
  const o: TestOptions = { ...DEFAULT_TEST_OPTIONS, ...partial };
  requireInt("autoSuccessMax", o.autoSuccessMax, 0, 99);
  requireInt("autoFailMin", o.autoFailMin, 1, 101);
  if (o.autoSuccessMax >= o.autoFailMin) {
    throw new OmnibusError("badArgument", `autoSuccessMax (${o.autoSuccessMax}) must be below autoFailMin (${o.autoFailMin})`, {
      name: "autoSuccessMax",
      value: o.autoSuccessMax,
    });
  }
  for (const name of ["fastSL", "testsOver100", "critsOnDoubles"] as const) {
    if (typeof o[name] !== "boolean")
      throw new OmnibusError("badArgument", `${name} must be true or false`, { name, value: describeValue(o[name]) });
  }
  if (o.autoFailSL !== "min" && o.autoFailSL !== "literalMax") {
    throw new OmnibusError("badArgument", `autoFailSL must be "min" or "literalMax"`, {
      name: "autoFailSL",
      value: describeValue(o.autoFailSL),
    });
  }
  return o;
}
