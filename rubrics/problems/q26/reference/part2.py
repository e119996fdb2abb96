"""Part 2: every chunk knows its file (relative to the folder) and its number in that file;
answers cite the chunk they quote, and a citation can be looked up."""
import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from support import STOP_WORDS

TOKEN = re.compile(r"[a-z0-9]+")
SUFFIXES = {".md", ".txt"}
K1, B = 1.2, 0.75


@dataclass
class Hit:
    text: str
    score: float
    file: str = ""
    chunk: int = 0

    @property
    def citation(self) -> str:
        return f"[{self.file}#{self.chunk}]"


def terms(text: str) -> list[str]:
    return [t for t in TOKEN.findall(text.lower()) if t not in STOP_WORDS]


def windows(words: list[str], size: int, overlap: int) -> list[list[str]]:
    out, step = [], size - overlap
    for start in range(0, len(words), step):
        out.append(words[start:start + size])
        if start + size >= len(words):
            break
    return out


class _Chunk:
    def __init__(self, text: str, file: str, number: int):
        self.text, self.file, self.number = text, file, number
        self.tf = Counter(terms(text))
        self.length = sum(self.tf.values())


class Index:
    def __init__(self, folder, chunk_words: int = 50, overlap: int = 10):
        if chunk_words < 1 or not 0 <= overlap < chunk_words:
            raise ValueError("need chunk_words >= 1 and 0 <= overlap < chunk_words")
        self.folder, self.size, self.overlap = Path(folder), chunk_words, overlap
        self._chunks: list[_Chunk] = []
        self._by_ref: dict[tuple[str, int], _Chunk] = {}
        self._df: Counter = Counter()
        self.skipped: list[str] = []

    def ingest(self) -> None:
        self._chunks, self._by_ref, self._df, self.skipped = [], {}, Counter(), []
        for path in sorted(self.folder.rglob("*")):
            if not path.is_file() or path.suffix.lower() not in SUFFIXES:
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                self.skipped.append(str(path))
                continue
            rel = path.relative_to(self.folder).as_posix()
            for i, words in enumerate(windows(text.split(), self.size, self.overlap)):
                chunk = _Chunk(" ".join(words), rel, i)
                self._chunks.append(chunk)
                self._by_ref[rel, i] = chunk
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
                hits.append(Hit(c.text, score, c.file, c.number))
        hits.sort(key=lambda h: -h.score)
        return hits[:k]

    def answer(self, question: str, k: int = 3) -> str:
        hits = self.search(question, k)
        if not hits:
            return "I don't know."
        return f"{hits[0].text} {hits[0].citation}"

    def get_chunk(self, file: str, chunk: int) -> str:
        try:
            return self._by_ref[file, chunk].text
        except KeyError:
            raise KeyError(f"no chunk {chunk} in {file!r}") from None
