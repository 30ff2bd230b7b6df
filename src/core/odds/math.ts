/** Small exact-enough helpers shared by the odds modules. */

const binomialRows: number[][] = [[1]];

/** C(n, k) as a float (exact for n ≤ 1000 up to double precision). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  while (binomialRows.length <= n) {
    const prev = binomialRows[binomialRows.length - 1];
    const row = new Array<number>(prev.length + 1);
    row[0] = 1;
    row[prev.length] = 1;
    for (let i = 1; i < prev.length; i++) row[i] = prev[i - 1] + prev[i];
    binomialRows.push(row);
  }
  return binomialRows[n][k];
}
