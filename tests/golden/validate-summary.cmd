validate
--summary
samples/invalid-record.jgn
samples/illegal-J7.1-soldier-too-far.jgn
samples/illegal-J7.1-soldier-sideways.jgn
samples/legal-open-battle.jgn
samples/no-such-file.jgn
