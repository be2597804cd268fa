"""Measures sharded counts of pento-6x10 (docs/distributed.md): the single search, the shards
solved in turn (overhead), the size estimates against the real sizes, and Dask with one and
two worker processes of one thread each.

    python bench/pento.py PATH/pento-6x10.dlx [--depth 2] [--repeat 3]
"""

import argparse
import json
import os
import statistics
import time

import dlx
import dlx.distributed


CPU = []


def timed(f):
    """Runs f; returns its result and wall seconds (CPU seconds of this process go to CPU)."""
    c = time.process_time()
    t = time.perf_counter()
    r = f()
    CPU.append(time.process_time() - c)
    return r, time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("problem")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--probe", type=int, default=1000)
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--dask-only", action="store_true")
    args = ap.parse_args()
    p = dlx.Problem(open(args.problem).read())
    print(f"load average at start: {os.getloadavg()}")

    if args.dask_only:
        return dask_runs(p, args, p.count(threads=1, algorithm="links"))
    singles = []
    for _ in range(args.repeat):
        s, t = timed(lambda: p.count(threads=1, algorithm="links"))
        singles.append(t)
    cpu_single = statistics.median(CPU[-args.repeat:])
    print(f"single: {s.solutions} solutions, {s.nodes} nodes, {s.updates} updates; "
          f"seconds {sorted(singles)} median {statistics.median(singles):.3f}")

    lines, t_split = timed(lambda: p.split(depth=args.depth, probe=args.probe))
    _, t_split0 = timed(lambda: p.split(depth=args.depth))
    results = []
    sharded = []
    for _ in range(args.repeat):
        rs, t = timed(lambda: [p.solve_shard(l) for l in lines])
        sharded.append(t)
        results = rs
    cpu_sharded = statistics.median(CPU[-args.repeat:])
    total, missing = dlx.merge(results)
    assert not missing and total.solutions == s.solutions
    print(f"depth {args.depth}: {len(lines)} shards; split {t_split0:.4f} s "
          f"(with a {args.probe}-node probe per shard: {t_split:.3f} s)")
    print(f"shards in turn: {total.solutions} solutions, {total.nodes} nodes "
          f"(single {s.nodes}), {total.updates} updates (single {s.updates}); "
          f"seconds {sorted(sharded)} median {statistics.median(sharded):.3f}")
    print(f"CPU seconds (medians): single {cpu_single:.3f}, shards in turn {cpu_sharded:.3f} "
          f"({cpu_sharded / cpu_single - 1:+.2%})")
    print(f"time overhead (median shards + split, vs median single): "
          f"{(statistics.median(sharded) + t_split0) / statistics.median(singles) - 1:+.2%}")

    # Estimates against the real sizes (shard 0's real size without the work above the cut).
    shards = [json.loads(l) for l in lines]
    real = [json.loads(r)["stats"]["nodes"] for r in results]
    real[0] -= shards[0]["above"]["nodes"]
    est = [sh["estimate"] for sh in shards]
    share = [sh["share"] for sh in shards]
    tot = sum(real)
    ratio = sorted(e / r for e, r in zip(est, real) if r > 0)
    q = lambda f: ratio[min(len(ratio) - 1, int(f * len(ratio)))]
    print(f"estimate/real over {len(ratio)} shards: min {ratio[0]:.2f}, p10 {q(0.1):.2f}, "
          f"median {q(0.5):.2f}, p90 {q(0.9):.2f}, max {ratio[-1]:.2f}; "
          f"sum of estimates / sum of real {sum(est) / tot:.2f}")
    sratio = sorted(sh * tot / r for sh, r in zip(share, real) if r > 0)
    qs = lambda f: sratio[min(len(sratio) - 1, int(f * len(sratio)))]
    print(f"share*total/real: p10 {qs(0.1):.2f}, median {qs(0.5):.2f}, p90 {qs(0.9):.2f}")
    big = sorted(range(len(real)), key=lambda k: -real[k])[:8]
    print("largest shards: index | real nodes | probe estimate | share x total")
    for k in big:
        print(f"  {k} | {real[k]} | {est[k]:.0f} | {share[k] * tot:.0f}")
    print(f"largest shard: {max(real) / tot:.2%} of the nodes below the cut")

    if args.no_dask:
        return
    dask_runs(p, args, s)


def dask_runs(p, args, s):
    """Dask with 1 and 2 worker processes: wall seconds, and each worker's CPU seconds (on a
    busy machine the CPU split tells what two free cores would give: the count ends when the
    busiest worker does)."""
    import distributed

    for workers in [1, 2]:
        cluster = distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = distributed.Client(cluster)
        client.wait_for_workers(workers)
        times = []
        busiest = []
        for _ in range(args.repeat):
            before = client.run(time.process_time)
            r, t = timed(lambda: dlx.distributed.count(p, client, depth=args.depth, progress=False))
            after = client.run(time.process_time)
            cpu = sorted(after[w] - before[w] for w in after)
            assert r.solutions == s.solutions and r.nodes == s.nodes and r.updates == s.updates
            times.append(t)
            busiest.append(cpu[-1])
            print(f"  dask, {workers} worker(s): wall {t:.3f} s, worker CPU seconds {[round(c, 3) for c in cpu]}")
        print(f"dask, {workers} worker(s): wall median {statistics.median(times):.3f} s, "
              f"busiest worker's CPU median {statistics.median(busiest):.3f} s")
        client.close()
        cluster.close()
    print(f"load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
