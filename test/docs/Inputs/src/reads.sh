# Fixture of test/docs/environment.test (shell).
B=${ARRAYC_FIXTURE_SH:-build}
echo "$ARRAYC_FIXTURE_SH2"
# ${ARRAYC_FIXTURE_COMMENT}: a comment, not read
export ARRAYC_FIXTURE_EXPORT=1
