"""How many tasks a second a Dask scheduler and `tablesolve.cluster`'s way of driving
it handle: TASKS no-op tasks submitted as the driver submits an iteration's (one
`submit` each, earlier ones at higher priority) and collected as it collects them
(`as_completed`, each result read), ROUNDS times on a local cluster (doc/cluster.md).

    python bench/dask_tasks.py [TASKS [WORKERS [ROUNDS]]]   (16384, 2, 3)
"""

import sys
import time

from dask.distributed import Client, LocalCluster, as_completed


def task(place, bound):
    """A task that does nothing but return a result of the size a search task's has."""
    return {"solution": None, "nodes": place, "next_bound": bound}


def main():
    defaults = ["16384", "2", "3"]
    tasks, workers, rounds = map(int, sys.argv[1:4] + defaults[len(sys.argv[1:4]) :])
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True) as cluster:
        with Client(cluster) as client:
            client.submit(task, 0, 0).result()  # warm the workers
            for _ in range(rounds):
                start = time.time()
                futures = [
                    client.submit(task, place, 90, priority=-place, pure=False)
                    for place in range(tasks)
                ]
                submitted = time.time()
                nodes = sum(future.result()["nodes"] for future in as_completed(futures))
                assert nodes == tasks * (tasks - 1) // 2
                end = time.time()
                print(
                    f"{tasks} tasks on {workers} workers: {end - start:.2f} s "
                    f"({submitted - start:.2f} s submitting), {tasks / (end - start):,.0f} tasks/s"
                )


if __name__ == "__main__":
    main()
