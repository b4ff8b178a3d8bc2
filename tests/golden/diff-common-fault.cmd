diff
samples/illegal-J7.1-soldier-too-far.jgn
tests/golden/data/diff-too-far-other.jgn
