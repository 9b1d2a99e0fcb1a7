"""Memory as the machine sees it (issue 41), from /proc/PID/smaps_rollup: one reader for memory.py, bench.py's rss
metric and wayland_bench.py, so that every memory row of BENCHMARKS.md means the same thing.

RSS counts every page a process has mapped, shared or not; PSS divides each page among the processes that map it;
private is what no other process maps (Private_Clean + Private_Dirty); anonymous is what the machine cannot take
back without swap (file pages, code and fonts among them, are dropped under pressure and read again).
"""

FIELDS = ("Rss", "Pss", "Private", "Anonymous")


def rollup(pid):
    """{field: MiB} of /proc/PID/smaps_rollup for FIELDS; None once the process has gone (a zombie has no maps)."""
    values = {}
    try:
        with open("/proc/%d/smaps_rollup" % pid) as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                    values[parts[0][:-1]] = int(parts[1]) / 1024.0
    except OSError:
        return None
    if "Rss" not in values:
        return None
    values["Private"] = values.get("Private_Clean", 0) + values.get("Private_Dirty", 0)
    return {k: values.get(k, 0.0) for k in FIELDS}


class Peak:
    """The largest of each field over the samples of one process. Each field's peak is its own: RSS may peak at
    another moment than anonymous memory, as the kernel's VmHWM does for RSS."""

    def __init__(self):
        self.values = dict.fromkeys(FIELDS, 0.0)
        self.samples = 0

    def sample(self, pid):
        """Reads the process once; False when it has gone."""
        now = rollup(pid)
        if now is None:
            return False
        self.values = {k: max(self.values[k], now[k]) for k in FIELDS}
        self.samples += 1
        return True
