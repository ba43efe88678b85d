# RUN: %e2e %s
# Breadth-first search distances from a source on a random undirected graph
# given as a boolean adjacency matrix (threshold on random weights); a queue
# kept in an array with head/tail indices; unreachable nodes get -1.
# INPUT: Wr f64 [40, 40] range=0:1
# OUTPUT: dist
# JIT: bfs
import numpy as np


def bfs(adj, source):
    n = adj.shape[0]
    dist = -np.ones(n, dtype=np.int64)
    queue = np.zeros(n, dtype=np.int64)
    dist[source] = 0
    queue[0] = source
    head, tail = 0, 1
    while head < tail:
        u = queue[head]
        head += 1
        for v in np.nonzero(adj[u])[0]:
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                queue[tail] = v
                tail += 1
    return dist


def main():
    Wr: f64[n, n] = np.load("Wr.npy")
    adj = (Wr + Wr.T) > 1.85
    np.save("dist.npy", bfs(adj, 0))
