validate
samples/illegal-J14.1-result-tag-disagrees.jgn
