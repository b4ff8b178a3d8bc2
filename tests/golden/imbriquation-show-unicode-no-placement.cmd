show
samples/imbriquation/legal-no-placement-dark-blocked.jgn
--format
unicode
--color
never
