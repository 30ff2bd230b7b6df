/**
 * A setup file of the "v14" vitest project: a glue test that made the code under test use a name
 * v14 deprecates (the stand-ins record it) fails. A test that provokes one on purpose empties
 * `recorded.deprecations` itself after asserting it.
 */
import { afterEach, expect } from "vitest";
import { pendingDeprecations } from "./foundry-stand-ins";

afterEach(() => {
  const left = [...pendingDeprecations()];
  pendingDeprecations().length = 0;
  expect(left, "deprecated v13 names used under the v14 stand-ins").toEqual([]);
});
