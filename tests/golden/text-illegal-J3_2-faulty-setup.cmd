validate
samples/illegal-J3.2-faulty-setup.jgn
