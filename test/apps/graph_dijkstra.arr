# RUN: %e2e %s
# Dijkstra's algorithm with a dense weight matrix (O(n^2): pick the closest
# unvisited node with argmin over a masked distance array), and the
# predecessor of each node on its shortest path.
# INPUT: W f64 [35, 35] range=1:20
# INPUT: P f64 [35, 35] range=0:1
# OUTPUT: dist
# OUTPUT: prev
# JIT: dijkstra
import numpy as np


def dijkstra(W, src):
    n = W.shape[0]
    dist = np.full(n, np.inf)
    prev = np.full(n, -1)
    visited = np.zeros(n, dtype=bool)
    dist[src] = 0.0
    for _ in range(n):
        d = np.where(visited, np.inf, dist)
        u = np.argmin(d)
        if np.isinf(d[u]):
            break
        visited[u] = True
        alt = dist[u] + W[u]
        better = (alt < dist) & ~visited
        dist[better] = alt[better]
        prev[better] = u
    return dist, prev


def main():
    W: f64[n, n] = np.load("W.npy")
    P: f64[n, n] = np.load("P.npy")
    G = np.where(P < 0.2, W, np.inf)
    dist, prev = dijkstra(G, 0)
    np.save("dist.npy", dist)
    np.save("prev.npy", prev)
