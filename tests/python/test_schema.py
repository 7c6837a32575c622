"""sqleq.Schema: tables.json, SQLite file, DDL text; errors with their positions."""
import pytest

import sqleq


def test_three_sources_give_the_same_tables(shop):
    from_json = sqleq.Schema.from_tables_json(str(shop.tables), "shop")
    from_file = sqleq.Schema.from_sqlite(str(shop.databases / "shop" / "shop.sqlite"))
    from_ddl = sqleq.Schema.from_ddl(shop.ddl.read_text(), "shop")
    assert set(from_json.tables) == set(from_file.tables) == set(from_ddl.tables) == {"item", "maker"}
    assert from_json.columns["item"] == from_file.columns["item"] == ["id", "name", "price", "maker_id"]
    assert not from_json.has_rows and from_file.has_rows and from_ddl.has_rows
    assert from_file.name == "shop" and from_ddl.name == "shop"
    assert "CREATE TABLE" in from_json.to_ddl()
    assert repr(from_json) == "<sqleq.Schema 'shop': 2 tables (item, maker)>"


def test_errors(tmp_path, shop):
    with pytest.raises(sqleq.SchemaError):
        sqleq.Schema.from_tables_json(str(shop.tables), "missing")
    with pytest.raises(sqleq.Error):
        sqleq.Schema.from_tables_json(str(tmp_path / "none.json"), "shop")
    with pytest.raises(sqleq.Error):
        sqleq.Schema.from_sqlite(str(tmp_path / "none.sqlite"))
    with pytest.raises(sqleq.SchemaError) as raised:
        sqleq.Schema.from_ddl("CREATE TABLE t(a);\nCREATE TABL u(b);")
    assert raised.value.line == 2 and raised.value.column >= 1
    assert raised.value.code.startswith("schema.")
