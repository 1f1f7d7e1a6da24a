"""Finnish inflected forms of given words, decided by Voikko (libvoikko + voikko-fi).

Reads a JSON list of base forms on stdin and writes {base: [forms]} on stdout: every form
in the cases drivers type (genitive, the locative cases, essive, partitive) that Voikko
analyses as that very base form. Voikko analyses but does not generate, so candidates are
made by the regular endings over the stems that consonant gradation and the usual stem
changes can give; a candidate is kept only when Voikko reads it as the base form in one of
those cases, so the rules only propose and the dictionary decides (Turussa, Helsingissä,
Lahdessa, Tampereella, Nurmeksessa). Called by scripts/generate-place-forms.ts.
"""
import json
import sys

import libvoikko

CASES = {
    'omanto', 'sisaolento', 'sisaeronto', 'sisatulento', 'ulkoolento', 'ulkoeronto',
    'ulkotulento', 'olento', 'osanto',
}
ENDINGS = ['n', 'ssa', 'sta', 'lla', 'lta', 'lle', 'na', 'a', 'ta', 'tta', 'seen', 'siin', 'en']
GRADATION = [
    ('kk', 'k'), ('pp', 'p'), ('tt', 't'), ('nk', 'ng'), ('mp', 'mm'), ('lt', 'll'),
    ('nt', 'nn'), ('rt', 'rr'), ('ht', 'hd'), ('lk', 'lj'), ('rk', 'rj'), ('t', 'd'),
    ('p', 'v'), ('k', ''), ('k', 'v'),
]
VOWELS = 'aeiouyäö'


def front(ending):
    return ending.replace('a', 'ä').replace('o', 'ö').replace('u', 'y')


def graded(stem):
    """The stem and its variants with one gradation step (either way) in its last four letters."""
    out = {stem}
    tail_start = max(0, len(stem) - 4)
    for strong, weak in GRADATION:
        for a, b in ((strong, weak), (weak, strong)):
            if not a:
                continue
            at = stem.rfind(a)
            if at >= tail_start:
                out.add(stem[:at] + b + stem[at + len(a):])
    return out


def stems(word):
    base = {word, word + 'e', word + 'i', word[:-1] + 'e', word[:-1] + 'a', word[:-1]}
    if word.endswith('nen'):
        base.add(word[:-3] + 'se')
    if word.endswith('s'):
        base.update({word[:-1] + 'kse', word[:-1] + 'ksi', word[:-1] + 'de', word + 'e', word + 'a', word + 'ä'})
    out = set()
    for stem in base:
        if stem:
            out |= graded(stem)
    return out


# "Uusi" inflects with the rest of the name: Uudessakaupungissa, Uudenkaupungin.
UUSI = ['Uusi', 'Uuden', 'Uudessa', 'Uudesta', 'Uuteen', 'Uudella', 'Uudelta', 'Uudelle', 'Uutena', 'Uutta']


def candidates(word):
    if word.startswith('Uusi') and len(word) > 6:
        rest = word[4:]
        return {prefix + form for prefix in UUSI for form in candidates(rest) | {rest}} - {word}
    out = set()
    for stem in stems(word):
        last = next((c for c in reversed(stem.lower()) if c in VOWELS), 'a')
        endings = ENDINGS + [last + 'n', 'h' + last + 'n', 'i' + 'n', 'ihin', 'ille', 'illa', 'issa', 'ista', 'ilta', 't']
        for ending in endings:
            out.add(stem + ending)
            out.add(stem + front(ending))
    out.discard(word)
    return out


def forms_of(voikko, word, plural):
    kept = set()
    for candidate in candidates(word):
        for analysis in voikko.analyze(candidate):
            if analysis.get('BASEFORM', '') != word and (not plural or analysis.get('BASEFORM', '').lower() != word.lower()):
                continue
            # Words also in the plural nominative ("asemat", "pesut"); a town's nominative is its name.
            if analysis.get('SIJAMUOTO') not in CASES and not (plural and analysis.get('SIJAMUOTO') == 'nimento'):
                continue
            if not plural and analysis.get('NUMBER') == 'plural':
                continue
            kept.add(candidate)
            break
    return sorted(kept)


def main():
    request = json.load(sys.stdin)
    voikko = libvoikko.Voikko('fi')
    answer = {
        'places': {word: forms_of(voikko, word, False) for word in request['places']},
        'words': {word: forms_of(voikko, word, True) for word in request['words']},
    }
    voikko.terminate()
    json.dump(answer, sys.stdout, ensure_ascii=False, sort_keys=True)


main()
