"""A paged KV-cache block manager: the bookkeeping of vLLM-style paging.

Block tables map a sequence's token positions to fixed-size blocks; reference counts
let forks (parallel sampling, beam search) share blocks, with copy-on-write before a
shared block is written; full blocks are cached under a hash chain (each hash covers
its parent's, the first covers a per-tenant salt) so a later prompt with the same
prefix reuses them; freed blocks wait in an LRU queue, still cached, until reused.

A teaching model of the mechanism, standard library only; not vLLM's code.
"""
from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field

BLOCK_TOKENS = 16   # vLLM's default block size


class OutOfBlocks(MemoryError):
    """No free block is left: the scheduler's cue to preempt a sequence."""


@dataclass(eq=False)
class Block:
    id: int
    refs: int = 0
    tokens: list[int] = field(default_factory=list)
    key: str | None = None   # hash-chain key, set once the block is full


def block_key(parent: str | None, tokens: list[int], salt: str = "") -> str:
    """Key of a full block: its tokens and its parent's key (or, for the first block,
    the salt), so one changed early token or another salt changes every later key."""
    h = hashlib.sha256()
    h.update((parent if parent is not None else "salt=" + salt).encode())
    h.update(b"\x00")
    h.update(",".join(map(str, tokens)).encode())
    return h.hexdigest()


class BlockManager:
    def __init__(self, num_blocks: int, block_tokens: int = BLOCK_TOKENS):
        if num_blocks < 1 or block_tokens < 1:
            raise ValueError("num_blocks and block_tokens must be >= 1")
        self.block_tokens = block_tokens
        self.blocks = [Block(i) for i in range(num_blocks)]
        self._free: OrderedDict[int, Block] = OrderedDict((b.id, b) for b in self.blocks)
        self._cached: dict[str, Block] = {}
        self._tables: dict[str, list[Block]] = {}
        self._salts: dict[str, str] = {}

    # -- inspection -----------------------------------------------------------------
    @property
    def num_free(self) -> int:
        return len(self._free)

    @property
    def num_used(self) -> int:
        return sum(1 for b in self.blocks if b.refs > 0)

    @property
    def num_cached(self) -> int:
        return len(self._cached)

    def table(self, seq: str) -> list[int]:
        """The block ids of a sequence, in token order."""
        return [b.id for b in self._tables[seq]]

    def tokens(self, seq: str) -> list[int]:
        return [t for b in self._tables[seq] for t in b.tokens]

    # -- internals ------------------------------------------------------------------
    def _allocate(self, tokens: list[int]) -> Block:
        if not self._free:
            raise OutOfBlocks("no free KV block: preempt a sequence or add memory")
        _, b = self._free.popitem(last=False)   # least recently freed first
        if b.key is not None and self._cached.get(b.key) is b:
            del self._cached[b.key]   # reusing it evicts the prefix it still held
        b.refs, b.tokens, b.key = 1, list(tokens), None
        return b

    def _seal(self, b: Block, parent: str | None, salt: str) -> None:
        if len(b.tokens) == self.block_tokens and b.key is None:
            b.key = block_key(parent, b.tokens, salt)
            self._cached.setdefault(b.key, b)

    def _chunks(self, tokens: list[int]) -> list[list[int]]:
        n = self.block_tokens
        return [tokens[i:i + n] for i in range(0, len(tokens), n)]

    # -- operations -----------------------------------------------------------------
    def admit(self, seq: str, prompt: list[int], salt: str = "") -> int:
        """Give a new sequence its block table; return how many prompt tokens were found
        in the prefix cache. All or nothing: on OutOfBlocks nothing changes."""
        if seq in self._tables:
            raise ValueError(f"sequence {seq!r} is already admitted")
        chunks, hits, parent = self._chunks(prompt), [], None
        for chunk in chunks:   # only an unbroken run of full blocks from the start can hit
            if len(chunk) < self.block_tokens:
                break
            b = self._cached.get(block_key(parent, chunk, salt))
            if b is None:
                break
            hits.append(b)
            parent = b.key
        reclaim = sum(1 for b in hits if b.refs == 0)
        if len(chunks) - len(hits) > len(self._free) - reclaim:
            raise OutOfBlocks(f"{seq!r} needs {len(chunks) - len(hits)} new blocks, "
                              f"{len(self._free) - reclaim} free")
        table = []
        for b in hits:
            if b.refs == 0:
                del self._free[b.id]   # a freed block that still holds this prefix
            b.refs += 1
            table.append(b)
        for chunk in chunks[len(hits):]:
            b = self._allocate(chunk)
            self._seal(b, table[-1].key if table else None, salt)
            table.append(b)
        self._tables[seq], self._salts[seq] = table, salt
        return len(hits) * self.block_tokens

    def append(self, seq: str, token: int) -> None:
        """One decode step: write a token, copying the last block first if it is shared."""
        table, salt = self._tables[seq], self._salts[seq]
        last = table[-1] if table else None
        if last is None or len(last.tokens) == self.block_tokens:
            table.append(self._allocate([]))
        elif last.refs > 1:   # copy-on-write: never write into a block another sequence reads
            copy = self._allocate(last.tokens)
            last.refs -= 1
            table[-1] = copy
        table[-1].tokens.append(token)
        self._seal(table[-1], table[-2].key if len(table) > 1 else None, salt)

    def fork(self, seq: str, child: str) -> None:
        """The child shares every block of its parent (parallel sampling, beam search)."""
        if child in self._tables:
            raise ValueError(f"sequence {child!r} already exists")
        table = self._tables[seq]
        for b in table:
            b.refs += 1
        self._tables[child], self._salts[child] = list(table), self._salts[seq]

    def release(self, seq: str) -> None:
        """Drop a sequence. Its blocks join the LRU queue tail-first (so its last block is
        evicted first) and stay cached until another allocation reuses them."""
        for b in reversed(self._tables.pop(seq)):
            b.refs -= 1
            if b.refs == 0:
                self._free[b.id] = b
        self._salts.pop(seq, None)


def walkthrough(num_blocks: int = 64) -> list[dict]:
    """The classic walk: cold miss, shared prefix, fork + copy-on-write, a changed first
    token, another tenant's salt, and a released prefix that still hits."""
    m = BlockManager(num_blocks)
    system = list(range(1000, 1040))   # a 40-token shared prompt: two full blocks + 8
    steps: list[dict] = []

    def record(what: str, value: int, why: str) -> None:
        steps.append({"step": what, "value": value, "why": why, "free": m.num_free,
                      "cached": m.num_cached})

    record("admit a = system + 3 tokens", m.admit("a", system + [1, 2, 3]),
           "cold cache: nothing to reuse")
    record("admit b = system + 2 tokens", m.admit("b", system + [7, 8]),
           "the two full blocks of the shared prompt are reused")
    m.fork("b", "b2")
    m.append("b2", 99)
    record("fork b -> b2, b2 writes a token; free blocks", m.num_free,
           "a took 3 blocks, b 1 new, b2's copy-on-write 1")
    record("admit c = system with its first token changed", m.admit("c", [999] + system[1:]),
           "the first block differs, so every later key differs too")
    record("admit d = system, tenant salt", m.admit("d", system, salt="tenant-42"),
           "same tokens, another salt: no cross-tenant reuse")
    for seq in ("a", "b", "b2"):
        m.release(seq)
    record("release a, b, b2; admit e = system", m.admit("e", system),
           "freed blocks still hold the prefix until reused")
    return steps


def format_walkthrough(steps: list[dict]) -> str:
    lines = [f"{'step':<48}{'result':>7}  {'free':>4}  why"]
    for s in steps:
        lines.append(f"{s['step']:<48}{s['value']:>7}  {s['free']:>4}  {s['why']}")
    return "\n".join(lines)
