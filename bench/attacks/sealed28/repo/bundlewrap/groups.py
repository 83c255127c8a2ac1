groups = {
    "mechov": {"member_patterns": [r".*"],
               "metadata": {"admin_user": "houbar", "unattended_upgrades": True}},
}
