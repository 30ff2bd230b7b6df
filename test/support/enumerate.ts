/** Every face combination of n d6 (or of `sides`-sided dice), in lexicographic order. */
export function* allFaces(n: number, sides = 6): Generator<number[]> {
  const f = new Array<number>(n).fill(1);
  while (true) {
    yield [...f];
    let i = n - 1;
    while (i >= 0 && f[i] === sides) f[i--] = 1;
    if (i < 0) return;
    f[i]++;
  }
}
