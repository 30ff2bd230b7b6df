/**
 * The experience ledger field every character carries (issue 16): a list of awards and spends, as
 * plain field specs (the pure shape is `LedgerEntry`, src/rules/ledger.ts). A spend's `revert` is
 * the JSON text of the changes that undo it; `trait` says what was bought.
 */
import { array, bool, int, schema, str, type FieldSpec } from "./field-spec";

export const ledgerField = (): FieldSpec =>
  array(
    schema({
      id: str(""),
      type: str("award", ["award", "spend"]),
      amount: int(0, 0, 1000000),
      date: str(""),
      reason: str(""),
      trait: schema({ kind: str(""), key: str(""), from: str(""), to: str("") }),
      revert: str(""),
      undone: bool(false),
      undoneDate: str(""),
    }),
  );
