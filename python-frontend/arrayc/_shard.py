"""Sharded functions: the `mesh=` and `shard=` options of @arrayc.jit and
arrayc.compile (docs/python.md#sharded-functions, docs/distributed.md).

`mesh` is a process count N or a tuple of them (2, 2); `shard` maps a
parameter (its name, or its position in the Python signature) to how its
argument is split, read as JAX's PartitionSpec with mesh axis indices:

    shard={"a": 0}                      # dimension 0 over mesh axis 0
    shard={"A": (0, 1)}                 # dimension 0 over axis 0, 1 over axis 1
    shard={"A": (None, 0)}              # dimension 1 over axis 0
    shard={"A": ((0, 1),)}              # dimension 0 over axes 0 and 1

They become the C API's `mesh` ("2", "2x2") and `shard` ("f:0=0,f:1=0/1",
arrayc's --shard values) compile options. Checked here when the function is
decorated (ValueError); what depends on the arguments (a dimension the
argument lacks) when a call compiles (ArgumentError).
"""
import os

from ._core import ArgumentError, ArraycError


def mesh_shape(mesh, where):
    """The mesh as a tuple of process counts (`4` -> (4,), `(2, 2)`)."""
    if isinstance(mesh, int) and not isinstance(mesh, bool):
        shape = (mesh,)
    elif isinstance(mesh, (tuple, list)) and mesh and \
            all(isinstance(n, int) and not isinstance(n, bool) for n in mesh):
        shape = tuple(mesh)
    else:
        raise ValueError("%s: mesh must be a process count (mesh=4) or a tuple of them, one "
                         "per mesh axis (mesh=(2, 2)), not %r" % (where, mesh))
    if any(n < 1 for n in shape):
        raise ValueError("%s: mesh=%r: every mesh axis needs at least one process" %
                         (where, mesh))
    return shape


def _axes(entry, naxes, where):
    """The mesh axes of one dimension's entry (None, an axis, a tuple of axes)."""
    if entry is None:
        return ()
    if isinstance(entry, int) and not isinstance(entry, bool):
        axes = (entry,)
    elif isinstance(entry, (tuple, list)) and \
            all(isinstance(a, int) and not isinstance(a, bool) for a in entry):
        axes = tuple(entry)
    else:
        raise ValueError("%s: an entry of a partition spec is None (the dimension stays "
                         "whole), a mesh axis (an int) or a tuple of mesh axes, not %r" %
                         (where, entry))
    for a in axes:
        if not 0 <= a < naxes:
            raise ValueError("%s: mesh axis %d does not exist: the mesh has %d axis%s "
                             "(0%s)" % (where, a, naxes, "" if naxes == 1 else "es",
                                        "" if naxes == 1 else " to %d" % (naxes - 1)))
    return axes


def partition(spec, naxes, where):
    """A parameter's spec as [(dimension, mesh axes)]: an int d is dimension
    d over mesh axis 0 (d may be negative: counted from the last, resolved
    with the argument's rank); a tuple is a PartitionSpec whose entry k says
    how dimension k is split; None: not split."""
    if spec is None:
        return []
    if isinstance(spec, int) and not isinstance(spec, bool):
        return [(spec, (0,))]
    if not isinstance(spec, (tuple, list)):
        raise ValueError("%s: a shard spec is a dimension (an int: split over mesh axis 0) "
                         "or a tuple read as JAX's PartitionSpec, one entry per dimension "
                         "(None, a mesh axis, or a tuple of mesh axes), not %r" % (where, spec))
    out, used = [], set()
    for k, entry in enumerate(spec):
        axes = _axes(entry, naxes, where)
        for a in axes:
            if a in used:
                raise ValueError("%s: %r splits two dimensions over mesh axis %d" %
                                 (where, spec, a))
            used.add(a)
        if axes:
            out.append((k, axes))
    return out


class Sharding:
    """A function's mesh and the splits of its parameters, by name.

    `where`: the messages' prefix ("arrayc.jit: f"); `func`: the function's
    name; `params`: the Python signature's parameter names (positions in
    `shard` refer to them); None where they are not known (positions only)."""

    def __init__(self, where, func, mesh, shard, params):
        if mesh is None and shard is None:
            raise ValueError("%s: no mesh" % where)  # callers check first
        if mesh is None:
            raise ValueError("%s: shard= needs a mesh: mesh=N (N processes) or mesh=(A, B)"
                             % where)
        if shard is None:
            raise ValueError("%s: mesh=%r needs shard=: which parameters are split, e.g. "
                             "shard={%r: 0}" % (where, mesh, params[0] if params else "x"))
        self.where, self.func = where, func
        self.mesh = mesh_shape(mesh, where)
        self.mesh_text = "x".join(str(n) for n in self.mesh)
        self.size = 1
        for n in self.mesh:
            self.size *= n
        if not isinstance(shard, dict):
            raise ValueError("%s: shard must be a dict from parameter (name or position) to "
                             "its split, e.g. shard={'a': 0}, not %r" % (where, shard))
        if not shard:
            raise ValueError("%s: shard= is empty: name the parameters that are split, e.g. "
                             "shard={%r: 0}" % (where, params[0] if params else "x"))
        self.splits = {}  # parameter name -> [(dimension, axes)]
        for key, spec in shard.items():
            name = self._param(key, params)
            if name in self.splits:
                raise ValueError("%s: parameter %r is named twice in shard (by name and "
                                 "by position)" % (where, name))
            self.splits[name] = partition(spec, len(self.mesh),
                                          "%s: shard[%r]" % (where, key))

    def _param(self, key, params):
        if isinstance(key, int) and not isinstance(key, bool):
            if params is None:
                return key
            if not 0 <= key < len(params):
                raise ValueError("%s: shard: %s has %d parameter%s (%s); there is no "
                                 "position %d" % (self.where, self.func, len(params),
                                                  "" if len(params) == 1 else "s",
                                                  ", ".join(params), key))
            return params[key]
        if isinstance(key, str):
            if params is not None and key not in params:
                raise ValueError("%s: shard names %r, which is not a parameter of %s "
                                 "(its parameters: %s)" % (self.where, key, self.func,
                                                           ", ".join(params) or "none"))
            return key
        raise ValueError("%s: a key of shard is a parameter's name or its position, not %r"
                         % (self.where, key))

    def spec_text(self, func, compiled, ranks):
        """The C API's `shard` text ("f:0=0,f:1=0/1") for a compile whose
        parameters are `compiled` (names, in the compiled signature's order)
        of ranks `ranks` (None where unknown); splits of parameters not
        compiled (bound to constants, aliases) are dropped. "" when none is
        left: the function compiles without a mesh."""
        out = []
        for name, splits in self.splits.items():
            if isinstance(name, int):
                pos = name
                label = "parameter %d" % name
            elif name in compiled:
                pos = compiled.index(name)
                label = "parameter '%s'" % name
            else:
                continue
            rank = ranks[pos] if ranks is not None and pos < len(ranks) else None
            for dim, axes in splits:
                d = dim
                if d < 0:
                    if rank is None:
                        raise ValueError("%s: %s: a negative dimension (%d) needs the "
                                         "parameter's rank, which is not known here"
                                         % (self.where, label, dim))
                    d += rank
                if rank is not None and not 0 <= d < rank:
                    raise ArgumentError(
                        "%s: %s is split along dimension %d (shard), but its argument "
                        "has %d dimension%s" % (self.where, label, dim, rank,
                                                "" if rank == 1 else "s"))
                text = "%s:%d=%d" % (func, pos, d)
                if axes != (0,):
                    text += "/" + "+".join(str(a) for a in axes)
                out.append(text)
        return ",".join(out)

    def check_world(self, cuda):
        """ArraycError when the job's process count, as its launcher's
        environment says it (arrayc launch, OpenMPI, torchrun; on cpu also
        MPICH/Intel MPI's PMI, MVAPICH, Slurm's srun), is not the mesh's: said
        before anything compiles or joins the job (the runtime would stop the
        process; MPI_Abort on cpu). None set: a process started alone."""
        names = ["ARRAYC_WORLD_SIZE", "OMPI_COMM_WORLD_SIZE", "WORLD_SIZE"]
        if not cuda:
            names += ["PMI_SIZE", "MV2_COMM_WORLD_SIZE", "SLURM_NTASKS"]
        n, how = 1, "started alone: no launcher's %s" % ", ".join(names[:3])
        for var in names:
            value = os.environ.get(var, "").strip()
            if value.isdigit():
                n, how = int(value), "%s=%s" % (var, value)
                break
        if n != self.size:
            start = "arrayc launch -np %d python3 ..." % self.size if cuda else \
                "mpirun -np %d python3 ..." % self.size
            raise ArraycError("%s: sharded over a mesh of %d process%s (mesh=%s), but this "
                              "job has %d (%s): start it with `%s`" % (
                                  self.where, self.size, "" if self.size == 1 else "es",
                                  self.mesh_text, n, how, start))


def local_rank():
    """This process's GPU in a job of one process per GPU: ARRAYC_LOCAL_RANK
    (arrayc launch), else OpenMPI's, else torchrun's; 0 without one."""
    for var in ("ARRAYC_LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_RANK", "LOCAL_RANK"):
        value = os.environ.get(var)
        if value:
            try:
                return int(value)
            except ValueError:
                pass
    return 0
