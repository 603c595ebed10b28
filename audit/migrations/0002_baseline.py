"""A first snapshot (label ``baseline``) of every record that exists when the history starts.

The pages show what an update changed as the difference from the snapshot
before it; without these, the first change of an older record would have
nothing to compare with.
"""

from typing import Any

from django.db import migrations

# (history model, the proxy of the model it tracks)
BASELINE = [
    ("PlayerHistory", "TrackedPlayer"),
    ("ExpulsionHistory", "TrackedExpulsion"),
    ("TableHistory", "TrackedTable"),
    ("GameHistory", "TrackedGame"),
    ("FeePolicyHistory", "TrackedFeePolicy"),
    ("UserHistory", "TrackedUser"),
    ("MembershipHistory", "TrackedMembership"),
    ("DrawerHistory", "TrackedDrawer"),
    ("DrawerShiftHistory", "TrackedDrawerShift"),
    ("SlipHistory", "TrackedSlip"),
    ("DropCountHistory", "TrackedDropCount"),
]


def baseline(apps: Any, schema_editor: Any) -> None:
    db = schema_editor.connection.alias
    for history_name, source_name in BASELINE:
        history = apps.get_model("audit", history_name)
        source = apps.get_model("audit", source_name)
        columns = [f.attname for f in history._meta.concrete_fields if not f.name.startswith("pgh_")]
        rows = source._base_manager.using(db).order_by("pk").values_list("pk", *columns)
        batch = []
        for pk, *values in rows.iterator(chunk_size=1000):
            batch.append(history(pgh_label="baseline", pgh_obj_id=pk, **dict(zip(columns, values, strict=True))))
            if len(batch) == 1000:
                history._base_manager.using(db).bulk_create(batch)
                batch = []
        history._base_manager.using(db).bulk_create(batch)


class Migration(migrations.Migration):
    dependencies = [("audit", "0001_initial")]

    operations = [migrations.RunPython(baseline, migrations.RunPython.noop)]
