/**
 * fast-check's global settings for every property test (a vitest setup file).
 * - In CI (`CI` set) the seed is fixed, so a run is reproducible and a green CI stays green.
 * - Locally the seed is random, so every run explores new inputs; a failure prints its seed.
 * - `FC_SEED=n` replays a seed; `FC_RUNS=n` runs each property n times (a deeper hunt).
 */
import fc from "fast-check";

const CI_SEED = 20261130;
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : process.env.CI ? CI_SEED : undefined;
const numRuns = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : undefined;
fc.configureGlobal({ ...(seed !== undefined ? { seed } : {}), ...(numRuns !== undefined ? { numRuns } : {}) });
