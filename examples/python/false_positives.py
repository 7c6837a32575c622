# %% [markdown]
# # Test-suite false positives of a Spider submission
# A notebook-style script (cells marked `# %%`; run it whole with python3, or cell by
# cell in an editor that knows the markers). It loads a submission, scores it against
# prebuilt test suites, and lists the predictions the test suite accepts but sqleq's
# search separates — each with the counterexample database that proves it.
#
#     sqleq-cli distill --gold $C/dev_gold.sql --tables $C/tables.json --out suites/
#     python3 examples/python/false_positives.py $C suites/ dev_2
# %%
import sys
from pathlib import Path

import sqleq

corpus = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/corpus/spider")
suites = Path(sys.argv[2] if len(sys.argv) > 2 else "suites")
submission = sys.argv[3] if len(sys.argv) > 3 else "dev_2"
tables = corpus / "tables.json"

# %% Load the submission: (gold, prediction, db_id) per item.
golds = [line.split("\t") for line in (corpus / "dev_gold.sql").read_text().splitlines()]
predictions = (corpus / "predictions" / f"{submission}.txt").read_text().splitlines()
items = [(gold, prediction.split("\t")[0], db_id) for (gold, db_id), prediction in zip(golds, predictions)]
print(f"{submission}: {len(items)} items")

# %% Score every item once: test-suite accuracy, exact match, and sqleq's verdict.
evaluator = sqleq.Evaluator(suites=str(suites), tables=str(tables), plug_value=True)
scores = evaluator.score_many(items)
accepted = sum(1 for score in scores if score["testsuite"])
print(f"test-suite accuracy: {accepted}/{len(scores)}; sqleq: {sum(1 for s in scores if s['sqleq'])}/{len(scores)}")

# %% The false positives: the suite accepts, the search separates.
false_positives = [i for i, score in enumerate(scores) if score["testsuite_false_positive"]]
print(f"{len(false_positives)} test-suite false positives")


# %% Each one with its counterexample, table by table, and both results on it.
def show(rows, columns=None):
    if columns:
        print("    " + " | ".join(columns))
    for row in rows:
        print("    " + " | ".join("NULL" if value is None else str(value) for value in row))


for index in false_positives:
    gold, prediction, db_id = items[index]
    inspection = sqleq.check(gold, prediction, tables=str(tables), db_id=db_id, suites=str(suites),
                             plug_value=True)
    print(f"\n#{index} {db_id}: {inspection.verdict} — {inspection.message}")
    print(f"  gold: {gold}\n  pred: {prediction}")
    if inspection.explanation:
        print(f"  in short: {inspection.explanation}")
    for table, rows in (inspection.counterexample or {}).items():
        if rows:
            print(f"  table {table}:")
            show(rows, inspection.counterexample_columns[table])
    print("  gold result:")
    show(inspection.gold_rows or [])
    print("  prediction result:")
    show(inspection.candidate_rows or [])
