"""What one run of candidate code may use."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    cpu_s: float = 5           # CPU seconds per test process (RLIMIT_CPU)
    wall_s: float = 10         # wall-clock seconds for the whole run, then everything is killed
    memory_mb: int = 512       # address space per process (RLIMIT_AS)
    processes: int = 256       # processes and threads (RLIMIT_NPROC; threads count too)
    output_bytes: int = 1_000_000   # printed output kept; past it the run is stopped
    file_mb: int = 16          # largest file written (RLIMIT_FSIZE), and the private tmpfs's size x4

    def __post_init__(self) -> None:
        for field in ("cpu_s", "wall_s", "memory_mb", "processes", "output_bytes", "file_mb"):
            if not getattr(self, field) > 0:
                raise ValueError(f"Limits.{field} must be positive, not {getattr(self, field)!r}")

    def test_wall_s(self) -> float:
        """How long one test may take on the clock: its CPU allowance plus a second for waits."""
        return min(self.cpu_s + 1, self.wall_s)
