(list (channel
        (name 'johtalus)
        (url "https://git.johtalus.no/channel.git")
        (introduction
         (make-channel-introduction
          "9c1d2f7e4b0a83e1d6f5a2c7b9e04d3f18a6c2e5"
          (openpgp-fingerprint "7D2A 19C4 E0B3 55F8 A1C6  0E9D 4B27 F3A8 C915 6E02")))))
