"""Shipping labels as a service."""
