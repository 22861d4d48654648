#!/usr/bin/env bash
# Records the example matches through the CLI, as a family would at the
# table. Run from the repository's root: examples/record.sh
set -euo pipefail
bin=$(mktemp -d)/rummy
go build -o "$bin" ./cmd/rummy
r() { "$bin" "$@" >/dev/null; }

# Basic Rummy, three players, to 150: winner takes all, going rummy doubles.
f=examples/basic-match.yaml
rm -f "$f" "$f.bak"
r match new --file "$f" --variant basic --players "Ann,Bob,Cy"
r match round --file "$f" --out Bob --meld "Bob=5H 6H 7H" --meld "Bob=9C 9D 9S" --hand "Ann=KH QS 3D 4C" --hand "Cy=AS 2S JD 8C"
r match round --file "$f" --out Cy --rummy --meld "Cy=10S JS QS KS" --meld "Cy=4D 4H 4C" --hand "Ann=7D 8D" --hand "Bob=2C 6S QC"
r match round --file "$f" --out Ann --meld "Ann=AH 2H 3H" --meld "Ann=JC JH JS" --layoff "Ann=4H@1" --hand "Bob=9H 9S KD" --hand "Cy=5C 6C 8S"
r match round --file "$f" --stalemate
r match round --file "$f" --out Bob --meld "Bob=6D 7D 8D 9D" --meld "Cy=QH QD QC" --layoff "Bob=10D@1" --hand "Ann=KC KS 5S" --hand "Cy=3C"
r match round --file "$f" --out Cy --hand "Ann=KH KD 9C" --hand "Bob=8H 7C"
r match round --file "$f" --out Bob --hand "Ann=QS JS 10S 2D" --points "Cy=6"
r match round --file "$f" --out Cy --hand "Ann=KS QC" --hand "Bob=9H 4S"
r match round --file "$f" --out Cy --hand "Ann=7S 8S" --hand "Bob=6H"

# Kids Rummy, two players, to 100: sets only, penalty points, lowest wins.
f=examples/kids-match.yaml
rm -f "$f" "$f.bak"
r match new --file "$f" --variant kids --players "Mia,Leo"
r match round --file "$f" --out Leo --meld "Leo=7H 7S 7D" --meld "Leo=QC QD QH" --meld "Mia=3C 3D 3S" --hand "Mia=KH 9C 2D"
r match round --file "$f" --out Mia --meld "Mia=AS AH AD" --meld "Mia=5C 5D 5H 5S" --hand "Leo=KC KD 8H 8S 2C"
r match round --file "$f" --out Mia --meld "Mia=9H 9D 9S" --meld "Leo=JC JD JH" --layoff "Mia=JS@2" --hand "Leo=QS 6C 4D"
r match round --file "$f" --out Leo --hand "Mia=KS KH 10C 10D 3H"
r match round --file "$f" --out Leo --hand "Mia=8C 8D 7C"
r match round --file "$f" --out Mia --hand "Leo=KS QS JS 10S 9S"

# Rummy 500, two players, to 500: meld points, a low ace counts 1, totals
# can go negative.
f=examples/rummy500-match.yaml
rm -f "$f" "$f.bak"
r match new --file "$f" --variant rummy500 --players "Ann,Bob"
r match round --file "$f" --out Ann --meld "Ann=AS 2S 3S" --meld "Ann=10H JH QH KH" --meld "Ann=7C 7D 7H" --meld "Ann=5D 6D JK" --layoff "Ann=4S@1" --hand "Bob=KS QS 9C 8C 2D 3D AC"
r match round --file "$f" --out Bob --meld "Bob=QS QD QC" --meld "Bob=8H 9H 10H" --meld "Bob=AD AH AC" --meld "Bob=3C 4C 5C 6C" --meld "Ann=KS KD KC" --layoff "Bob=KH@5" --hand "Ann=2H 7S"
r match round --file "$f" --out Ann --meld "Ann=JS QS JK" --meld "Ann=4H 5H 6H 7H" --meld "Ann=9S 9D 9C" --meld "Ann=QD KD AD" --meld "Bob=5S 5C 5D" --hand "Bob=2C 3C 8S 10C JC"
r match round --file "$f" --out Bob --meld "Bob=10S JS QS KS AS" --meld "Bob=2H 3H 4H" --meld "Bob=7D 8D 9D JK" --meld "Ann=6C 6D 6S" --hand "Ann=KC KH"
r match round --file "$f" --out Ann --meld "Ann=AC 2C 3C" --meld "Ann=8S 8H 8D 8C" --meld "Ann=JH QH KH" --meld "Ann=4D 5D 6D JK" --hand "Bob=9S 10D AS"
r match round --file "$f" --out Ann --meld "Ann=10C JC QC KC" --meld "Ann=7S 7H 7C 7D" --meld "Ann=2D 3D 4D 5D" --meld "Bob=9H 10H JH" --layoff "Ann=8H@4" --hand "Bob=AS KS"
r match round --file "$f" --out Bob --meld "Bob=AH 2H 3H 4H" --meld "Bob=QS QD QH QC" --meld "Bob=5S 6S 7S JK" --meld "Ann=10D 10S 10C" --hand "Ann=KD 9C"
r match round --file "$f" --out Ann --meld "Ann=JD QD KD AD" --meld "Ann=6H 6C 6S 6D" --meld "Ann=2S 3S 4S" --hand "Bob=9H 8S 7C JK"
rm -f examples/*.bak examples/*.lock
for f in examples/*-match.yaml; do "$bin" match show --file "$f" --no-chart | tail -4; done
