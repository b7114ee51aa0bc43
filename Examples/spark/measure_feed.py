#!/usr/bin/env python3
"""Measures a feed's row heights with measure-cli as a map step of Apache Spark, then checks
every height against one plain measure-cli run over the same rows.

    python3 Examples/spark/measure_feed.py --package measure-cli.tar.gz --rows 100000 --partitions 8

The package is the archive Examples/spark/pack.sh makes (bin/measure-cli and Fonts/). On a
cluster, Spark unpacks it in every executor's working folder as `measure/`
(`spark.archives ...#measure`) and puts cells.json (the feed's document without rows) beside it
(`addFile`). Under a local master the executors are threads of the driver's JVM whose Python
workers run in the driver's folder, so the job lays out that folder the same way itself. Each
partition's rows are piped through

    measure/bin/measure-cli --stream --document cells.json --jobs 1 --quiet -

and each output line, `{"section":1,"row":7,"height":88.5,"key":"post-8","line":8}`, is joined
back to its record by `key`. Prints one "spark-check: PASS ..." or "spark-check: FAIL ..." line
and exits 1 on any mismatch, missing row or bad line.
"""
import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def make_feed(rows, folder):
    """The feed as --stream JSON Lines (scripts/make-examples.py): the document line, then rows."""
    path = os.path.join(folder, "feed.jsonl")
    subprocess.check_call([sys.executable, os.path.join(ROOT, "scripts", "make-examples.py"),
                           "--feed-rows", str(rows), "--stream", "--out", path])
    with open(path, encoding="utf-8") as f:
        document, *records = f.read().splitlines()
    return document, records


def plain_heights(package, document, records, folder):
    """Heights by key from one plain measure-cli run over the whole document (its rows put back)."""
    unpacked = os.path.join(folder, "plain")
    with tarfile.open(package) as archive:
        archive.extractall(unpacked)
    head = json.loads(document)
    for section in head["sections"]:
        section["rows"] = []
    for line in records:
        row = json.loads(line)
        head["sections"][row.pop("section", 0)]["rows"].append(row)
    whole = os.path.join(folder, "feed.json")
    with open(whole, "w", encoding="utf-8") as f:
        json.dump(head, f, ensure_ascii=False)
    out = subprocess.run([os.path.join(unpacked, "bin", "measure-cli"), "--quiet", whole],
                         capture_output=True, check=True).stdout
    return {r["key"]: r["height"] for r in map(json.loads, out.decode().splitlines()) if "key" in r}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", required=True, help="the archive from Examples/spark/pack.sh")
    parser.add_argument("--rows", type=int, default=100000)
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--master", default="local[2]")
    args = parser.parse_args()

    from pyspark import SparkConf, SparkContext

    package = os.path.abspath(args.package)
    folder = tempfile.mkdtemp(prefix="spark-feed-")
    document, records = make_feed(args.rows, folder)
    expected = plain_heights(package, document, records, folder)

    work = os.path.join(folder, "driver")
    os.makedirs(work)
    os.chdir(work)
    cells = os.path.join(work, "cells.json")
    with open(cells, "w", encoding="utf-8") as f:
        f.write(document)
    conf = (SparkConf().setMaster(args.master).setAppName("measure-cli feed heights")
            .set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false"))
    local = args.master.startswith("local")
    if local:
        with tarfile.open(package) as archive:
            archive.extractall(os.path.join(work, "measure"))
    else:
        conf.set("spark.archives", package + "#measure")
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    if not local:
        sc.addFile(cells)
    try:
        start = time.monotonic()
        rows = sc.parallelize(records, args.partitions)
        # The map step: every partition's rows through one measure-cli process.
        heights = rows.pipe("measure/bin/measure-cli --stream --document cells.json --jobs 1 --quiet -", checkCode=True)
        parsed = heights.map(json.loads).cache()
        bad = parsed.filter(lambda r: "error" in r).take(5)
        by_key = parsed.filter(lambda r: "key" in r).map(lambda r: (r["key"], r["height"]))
        joined = rows.map(json.loads).map(lambda r: (r["key"], r)).join(by_key)
        reference = sc.parallelize(list(expected.items()), args.partitions)
        compared = joined.map(lambda kv: (kv[0], kv[1][1])).fullOuterJoin(reference)
        compared = compared.cache()
        mismatches = compared.filter(lambda kv: kv[1][0] != kv[1][1])
        count = compared.count()
        wrong = mismatches.take(5)
        wrong_count = mismatches.count()
        seconds = time.monotonic() - start
    finally:
        sc.stop()

    if bad or wrong_count or count != args.rows:
        print("spark-check: FAIL: %d rows compared (expected %d), %d heights differ from the plain run%s%s"
              % (count, args.rows, wrong_count, ", e.g. %s" % wrong if wrong else "",
                 ", bad lines %s" % bad if bad else ""))
        return 1
    print("spark-check: PASS: %d rows in %d partitions (%s) joined by key, every height equal to one plain "
          "measure-cli run; Spark job %.1f s" % (count, args.partitions, args.master, seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
