"""Part 1: load .md and .txt files, cut them into overlapping word windows, rank chunks by
BM25 (standard library only), answer with the best chunk or say so when nothing matches."""
import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from support import STOP_WORDS

TOKEN = re.compile(r"[a-z0-9]+")
SUFFIXES = {".md", ".txt"}
K1, B = 1.2, 0.75   # BM25's usual constants


@dataclass
class Hit:
    text: str
    score: float


def terms(text: str) -> list[str]:
    return [t for t in TOKEN.findall(text.lower()) if t not in STOP_WORDS]


def windows(words: list[str], size: int, overlap: int) -> list[list[str]]:
    """Windows of `size` words, each sharing `overlap` words with the one before; the last
    window ends at the last word."""
    out, step = [], size - overlap
    for start in range(0, len(words), step):
        out.append(words[start:start + size])
        if start + size >= len(words):
            break
    return out


class _Chunk:
    def __init__(self, text: str):
        self.text = text
        self.tf = Counter(terms(text))
        self.length = sum(self.tf.values())


class Index:
    def __init__(self, folder, chunk_words: int = 50, overlap: int = 10):
        if chunk_words < 1 or not 0 <= overlap < chunk_words:
            raise ValueError("need chunk_words >= 1 and 0 <= overlap < chunk_words")
        self.folder, self.size, self.overlap = Path(folder), chunk_words, overlap
        self._chunks: list[_Chunk] = []
        self._df: Counter = Counter()
        self.skipped: list[str] = []

    def ingest(self) -> None:
        self._chunks, self._df, self.skipped = [], Counter(), []
        for path in sorted(self.folder.rglob("*")):
            if not path.is_file() or path.suffix.lower() not in SUFFIXES:
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                self.skipped.append(str(path))   # reported, not fatal
                continue
            for words in windows(text.split(), self.size, self.overlap):
                chunk = _Chunk(" ".join(words))
                self._chunks.append(chunk)
                self._df.update(chunk.tf.keys())

    def search(self, query: str, k: int = 3) -> list[Hit]:
        n = len(self._chunks)
        if not n:
            return []
        avg = sum(c.length for c in self._chunks) / n or 1
        q = set(terms(query))
        idf = {t: math.log(1 + (n - self._df[t] + 0.5) / (self._df[t] + 0.5)) for t in q}
        hits = []
        for c in self._chunks:
            score = sum(idf[t] * c.tf[t] * (K1 + 1) /
                        (c.tf[t] + K1 * (1 - B + B * c.length / avg)) for t in q if c.tf[t])
            if score > 0:
                hits.append(Hit(c.text, score))
        hits.sort(key=lambda h: -h.score)
        return hits[:k]

    def answer(self, question: str, k: int = 3) -> str:
        hits = self.search(question, k)
        return hits[0].text if hits else "I don't know."
