# Fixture of test/docs/environment.test (Python).
import os
a = os.environ.get('ARRAYC_FIXTURE_PY')                     # read
b = os.environ["ARRAYC_FIXTURE_SUB"]                        # read
c = os.getenv("ARRAYC_FIXTURE_GETENV")                      # read
if "ARRAYC_FIXTURE_IN" in os.environ:                       # read
    pass
os.environ["ARRAYC_FIXTURE_SET"] = "1"                      # set: not read
env = dict(os.environ, ARRAYC_FIXTURE_CHILD="0")            # a child's: not read
