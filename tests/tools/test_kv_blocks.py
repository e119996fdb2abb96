"""The paged block manager: the chapter 2 walkthrough and bookkeeping invariants."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tools.kv_blocks import BlockManager, OutOfBlocks, walkthrough


def test_walkthrough_values():
    assert [s["value"] for s in walkthrough()] == [0, 32, 59, 0, 0, 32]


def test_copy_on_write_keeps_the_parent_intact():
    m = BlockManager(16)
    m.admit("p", list(range(20)))
    m.fork("p", "c")
    assert m.table("p") == m.table("c")
    m.append("c", 99)
    assert m.table("p")[-1] != m.table("c")[-1]
    assert m.tokens("p") == list(range(20)) and m.tokens("c") == list(range(20)) + [99]


def test_admission_is_all_or_nothing():
    m = BlockManager(4)
    m.admit("a", list(range(48)))   # 3 blocks
    before = m.num_free
    with pytest.raises(OutOfBlocks):
        m.admit("b", list(range(100, 140)))   # needs 3, has 1
    assert m.num_free == before and "b" not in m._tables


def test_lru_reuse_evicts_a_prefix_from_its_tail():
    m = BlockManager(4)
    m.admit("a", list(range(32)))        # blocks 0 and 1
    m.release("a")                       # free queue: 2, 3, then a's tail 1, then its head 0
    m.admit("b", list(range(100, 148)))  # takes 2, 3 and 1: a's second block is evicted
    m.release("b")
    assert m.admit("c", list(range(32))) == 16   # a's first block still hits


def test_salt_isolates_tenants():
    m = BlockManager(32)
    m.admit("a", list(range(32)), salt="t1")
    assert m.admit("b", list(range(32)), salt="t1") == 32
    assert m.admit("c", list(range(32)), salt="t2") == 0


ops = st.lists(st.tuples(st.sampled_from(["admit", "append", "fork", "release"]),
                         st.integers(0, 5), st.integers(0, 40), st.integers(0, 3)),
               max_size=60)


@settings(max_examples=150, deadline=None)
@given(ops=ops)
def test_free_plus_used_is_constant(ops):
    m = BlockManager(24, block_tokens=4)
    live: list[str] = []
    n = 0
    for op, who, length, salt in ops:
        try:
            if op == "admit":
                n += 1
                seq = f"s{n}"
                m.admit(seq, [(salt * 7 + i) % 11 for i in range(length + 1)], salt=str(salt))
                live.append(seq)
            elif live and op == "append":
                m.append(live[who % len(live)], length)
            elif live and op == "fork":
                n += 1
                m.fork(live[who % len(live)], f"s{n}")
                live.append(f"s{n}")
            elif live and op == "release":
                m.release(live.pop(who % len(live)))
        except OutOfBlocks:
            pass
        assert m.num_free + m.num_used == 24
        refs = {}
        for seq in live:
            for bid in m.table(seq):
                refs[bid] = refs.get(bid, 0) + 1
        assert all(m.blocks[b].refs == c for b, c in refs.items())
