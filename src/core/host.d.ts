/**
 * The one host function the pure code uses beyond ECMAScript's library: `structuredClone`, which
 * every browser and Node 17+ provide (HTML's structured clone). Declared here because the pure
 * type-check loads no DOM and no Node types.
 */
declare function structuredClone<T>(value: T): T;
