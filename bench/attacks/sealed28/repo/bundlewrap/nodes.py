# The society's hosts, all Armbian, reached over Netbird only.
nodes = {
    "smrk": {"hostname": "100.92.14.2", "bundles": ["ssh", "smrz"],
             "metadata": {"role": "app"}},
    "jedle": {"hostname": "100.92.14.5", "bundles": ["ssh", "dolt"],
              "metadata": {"role": "db", "lan": "10.72.9.5"}},
    "buk": {"hostname": "100.92.14.9", "bundles": ["ssh", "zaloha"],
            "metadata": {"role": "backup", "lan": "10.72.9.9"}},
}
