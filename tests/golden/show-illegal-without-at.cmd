show
samples/illegal-J7.1-soldier-too-far.jgn
