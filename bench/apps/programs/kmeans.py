"""Lloyd's k-means: squared distances by broadcasting, argmin, means of the boolean
mask per cluster, stop when the labels settle (test/apps/ml_kmeans)."""
import numpy as np


def kmeans(X, k=4, max_iter=50):
    centers = X[:k].copy()
    labels = np.zeros(len(X), dtype=np.int64)
    for it in range(max_iter):
        d2 = ((X[:, None, :] - centers[None, :, :]) ** 2).sum(axis=2)
        new_labels = np.argmin(d2, axis=1)
        if it > 0 and np.array_equal(new_labels, labels):
            break
        labels = new_labels
        for j in range(k):
            members = X[labels == j]
            if len(members) > 0:
                centers[j] = members.mean(axis=0)
    inertia = np.sum((X - centers[labels]) ** 2)
    return centers, labels, inertia


KERNEL = kmeans
TOL = {"float64": 1e-7}


def inputs(rng):
    return [rng.random((1 << 18, 2)), 8, 10]


def small_inputs(rng):
    return [rng.random((300, 2)), 4, 10]


def jax_kernel(jnp, lax):
    def kmeans_jax(X, k, max_iter):
        def assign(centers):
            return jnp.argmin(((X[:, None, :] - centers[None, :, :]) ** 2).sum(axis=2), axis=1)

        def means(labels, centers):
            counts = jnp.bincount(labels, length=k)
            sums = jnp.zeros_like(centers).at[labels].add(X)
            return jnp.where(counts[:, None] > 0, sums / jnp.maximum(counts, 1)[:, None], centers)

        def cond(c):
            return (c[0] < max_iter) & ~c[3]

        def body(c):
            it, centers, labels, _ = c
            new = assign(centers)
            settled = (it > 0) & jnp.array_equal(new, labels)
            centers = jnp.where(settled, centers, means(new, centers))
            return it + 1, centers, jnp.where(settled, labels, new), settled
        centers0 = X[:k]
        _, centers, labels, _ = lax.while_loop(
            cond, body, (jnp.asarray(0), centers0, jnp.zeros(X.shape[0], jnp.int64), jnp.asarray(False)))
        return centers, labels, jnp.sum((X - centers[labels]) ** 2)
    return kmeans_jax


def torch_kernel(torch):
    """The stopping test and the empty-cluster test are data-dependent, which
    torch.compile(fullgraph=True) cannot trace: the assignment and the update
    are compiled (the means by index_add_), the loop and its test stay in
    Python."""
    @torch.compile(fullgraph=True)
    def assign(X, centers):
        return torch.argmin(((X[:, None, :] - centers[None, :, :]) ** 2).sum(dim=2), dim=1)

    @torch.compile(fullgraph=True)
    def update(X, labels, centers):
        k = centers.shape[0]
        sums = torch.zeros_like(centers).index_add_(0, labels, X)
        counts = torch.zeros(k, dtype=X.dtype, device=X.device).index_add_(
            0, labels, torch.ones(X.shape[0], dtype=X.dtype, device=X.device))
        return torch.where(counts[:, None] > 0, sums / counts.clamp(min=1)[:, None], centers)

    def kmeans_torch(X, k=4, max_iter=50):
        centers = X[:k].clone()
        labels = torch.zeros(len(X), dtype=torch.int64, device=X.device)
        for it in range(max_iter):
            new_labels = assign(X, centers)
            if it > 0 and torch.equal(new_labels, labels):
                break
            labels = new_labels
            centers = update(X, labels, centers)
        inertia = torch.sum((X - centers[labels]) ** 2)
        return centers, labels, inertia
    kmeans_torch.compiled = True
    return kmeans_torch
