<?php

namespace App\Models;

use Illuminate\Database\Eloquent\Model;
use Illuminate\Database\Eloquent\Prunable;
use Laravel\Scout\Searchable;

class Permit extends Model
{
    use Prunable, Searchable;

    protected $fillable = ['trail_id', 'starts_on', 'party_size'];

    protected $hidden = ['holder_national_id', 'holder_phone'];

    protected $casts = ['holder_national_id' => 'encrypted', 'holder_phone' => 'encrypted'];

    // Holders' personal data is kept 90 days after the trip (privacy notice, section 4).
    public function prunable()
    {
        return static::where('ends_on', '<', now()->subDays(90));
    }

    public function toSearchableArray(): array
    {
        return ['id' => $this->id, 'trail' => $this->trail->name, 'starts_on' => $this->starts_on];
    }
}
