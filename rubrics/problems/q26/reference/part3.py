"""Part 3: refresh() re-reads the folder and re-chunks only the files whose content changed,
drops the chunks of deleted files, and keeps the document frequencies in step."""
import hashlib
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


class _File:
    def __init__(self, digest: str, chunks: list[_Chunk]):
        self.digest, self.chunks = digest, chunks


class Index:
    def __init__(self, folder, chunk_words: int = 50, overlap: int = 10):
        if chunk_words < 1 or not 0 <= overlap < chunk_words:
            raise ValueError("need chunk_words >= 1 and 0 <= overlap < chunk_words")
        self.folder, self.size, self.overlap = Path(folder), chunk_words, overlap
        self._files: dict[str, _File] = {}
        self._df: Counter = Counter()
        self.skipped: list[str] = []

    def _read(self) -> dict[str, tuple[str, str]]:
        """relative path -> (content hash, text) of every readable document now in the folder."""
        found, self.skipped = {}, []
        for path in sorted(self.folder.rglob("*")):
            if not path.is_file() or path.suffix.lower() not in SUFFIXES:
                continue
            try:
                data = path.read_bytes()
                text = data.decode("utf-8")
            except (UnicodeDecodeError, OSError):
                self.skipped.append(str(path))
                continue
            found[path.relative_to(self.folder).as_posix()] = (
                hashlib.sha256(data).hexdigest(), text)
        return found

    def _add(self, rel: str, digest: str, text: str) -> None:
        chunks = [_Chunk(" ".join(w), rel, i)
                  for i, w in enumerate(windows(text.split(), self.size, self.overlap))]
        self._files[rel] = _File(digest, chunks)
        for c in chunks:
            self._df.update(c.tf.keys())

    def _drop(self, rel: str) -> None:
        for c in self._files.pop(rel).chunks:
            self._df.subtract(c.tf.keys())
        self._df += Counter()   # forget terms no chunk holds any more

    def ingest(self) -> None:
        self._files, self._df = {}, Counter()
        for rel, (digest, text) in self._read().items():
            self._add(rel, digest, text)

    def refresh(self) -> dict[str, int]:
        """Bring the index in line with the folder; counts of files added, changed, removed
        and unchanged (decided by content, not modification time)."""
        counts = dict.fromkeys(("added", "changed", "removed", "unchanged"), 0)
        found = self._read()
        for rel in [r for r in self._files if r not in found]:
            self._drop(rel)
            counts["removed"] += 1
        for rel, (digest, text) in found.items():
            old = self._files.get(rel)
            if old is not None and old.digest == digest:
                counts["unchanged"] += 1
                continue
            if old is not None:
                self._drop(rel)
            self._add(rel, digest, text)
            counts["changed" if old is not None else "added"] += 1
        return counts

    def _chunks(self):
        for f in self._files.values():
            yield from f.chunks

    def search(self, query: str, k: int = 3) -> list[Hit]:
        chunks = list(self._chunks())
        n = len(chunks)
        if not n:
            return []
        avg = sum(c.length for c in chunks) / n or 1
        q = set(terms(query))
        idf = {t: math.log(1 + (n - self._df[t] + 0.5) / (self._df[t] + 0.5)) for t in q}
        hits = []
        for c in chunks:
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
        entry = self._files.get(file)
        if entry is None or not 0 <= chunk < len(entry.chunks):
            raise KeyError(f"no chunk {chunk} in {file!r}")
        return entry.chunks[chunk].text
