/**
 * A resolution explained step by step (issue 14, "Explain"): each step is data — a stable `code`
 * and the numbers behind it — so the CLI prints it in English and a card can localize it later
 * (`OMNIBUS.Explain.<code>` with `values` as the format arguments).
 */
export interface ExplainStep {
  code: string;
  values: Record<string, number | string>;
}

export const step = (code: string, values: Record<string, number | string> = {}): ExplainStep => ({ code, values });

export const sumOf = (faces: readonly number[]): number => faces.reduce((a, b) => a + b, 0);
