validate
--format
json
samples/illegal-J3.2-faulty-setup.jgn
